package dev.agentport.plugin;

import dev.agentport.mcp.DownstreamProbe;
import dev.agentport.mcp.WorkingProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A plug-in that cannot load (its library is missing from the class path) is skipped, never fatal to start-up. */
class PluginsTest {

    private static ClassLoader listing(Path dir, String... providers) throws Exception {
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve(DownstreamProbe.class.getName()), String.join("\n", providers) + "\n");
        return new URLClassLoader(new URL[] {dir.toUri().toURL()}, PluginsTest.class.getClassLoader());
    }

    @Test
    void a_plug_in_that_cannot_load_is_skipped(@TempDir Path dir) throws Exception {
        assertNull(Plugins.first(DownstreamProbe.class, listing(dir, "dev.agentport.missing.NoSuchProbe")));
    }

    @Test
    void the_first_plug_in_that_loads_is_used(@TempDir Path dir) throws Exception {
        assertInstanceOf(WorkingProbe.class, Plugins.first(DownstreamProbe.class,
                listing(dir, "dev.agentport.missing.NoSuchProbe", WorkingProbe.class.getName())));
    }
}
