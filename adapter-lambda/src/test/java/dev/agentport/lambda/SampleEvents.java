package dev.agentport.lambda;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The sample events in src/test/resources/events. */
public final class SampleEvents {

    private SampleEvents() {
    }

    public static byte[] bytes(String name) {
        try (InputStream in = SampleEvents.class.getResourceAsStream("/events/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no sample event " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String text(String name) {
        return new String(bytes(name), StandardCharsets.UTF_8);
    }
}
