package dev.agentport.base;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JdkWarmUpTest {

    /** Classes of the set-ups the warm-up does: the first date format, BigDecimal's constants, SHA-256. */
    private static final List<String> WARMED = List.of(
            "java.text.SimpleDateFormat", "java.text.DateFormatSymbols", "java.math.BigDecimal",
            "sun.security.provider.SHA2$SHA256");
    private static final Pattern LOADED = Pattern.compile("^\\[class,load\\s*\\]\\s+(\\S+)", Pattern.MULTILINE);

    @Test
    void theWarmUpRunsOnADaemonThreadOfItsOwnThatEnds() throws InterruptedException {
        for (Thread warmUp : new Thread[] {JdkWarmUp.start(), JdkWarmUp.startWithSha256()}) {
            assertEquals("jdk-warm-up", warmUp.getName());
            assertTrue(warmUp.isDaemon(), "a warm-up must never keep the process alive");
            warmUp.join(30_000);
            assertFalse(warmUp.isAlive(), "the warm-up did not end");
        }
    }

    /** Seen in JVMs of their own: this one has loaded them all long ago. */
    @Test
    void theWarmUpLoadsTheClassesOfItsSetUpsWhichAJvmThatIsNotWarmedDoesNot() throws Exception {
        Set<String> idle = loadedClasses("idle");
        Set<String> warmed = loadedClasses("warm");
        for (String name : WARMED) {
            assertFalse(idle.contains(name), name + " is loaded without the warm-up: this test would not tell");
            assertTrue(warmed.contains(name), "the warm-up did not load " + name);
        }
    }

    /** The classes a JVM running {@link Probe} in {@code mode} loaded. */
    private static Set<String> loadedClasses(String mode) throws Exception {
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:stdout:tags", "-cp", System.getProperty("java.class.path"),
                Probe.class.getName(), mode).redirectErrorStream(true).start();
        String log = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the probe did not end");
        assertEquals(0, process.exitValue(), log);
        Matcher loaded = LOADED.matcher(log);
        return loaded.results().map(match -> match.group(1)).collect(Collectors.toSet());
    }

    /** Runs the warm-up to its end ({@code warm}), or nothing. */
    static final class Probe {
        public static void main(String[] args) throws InterruptedException {
            if (args[0].equals("warm")) {
                JdkWarmUp.startWithSha256().join();
            }
        }
    }
}
