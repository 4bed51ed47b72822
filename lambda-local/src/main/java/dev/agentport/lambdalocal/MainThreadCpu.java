package dev.agentport.lambdalocal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The CPU time of a JVM's main thread, from Linux's {@code /proc/PID/task/TID/stat}: the JVM names each thread it
 * starts ("C1 CompilerThre", "VM Thread", ...), while the thread that runs {@code main} keeps the launcher's name,
 * {@code java}; of those, the one that used the most CPU. Empty where there is no {@code /proc}.
 */
final class MainThreadCpu {

    /** Linux's clock ticks per second for {@code /proc} times ({@code USER_HZ}), 100 on every architecture it runs on. */
    private static final long TICKS_PER_SECOND = 100;

    private MainThreadCpu() {
    }

    static Optional<Duration> of(long pid) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        if (!Files.isDirectory(tasks)) {
            return Optional.empty();
        }
        long most = -1;
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path thread : threads.toList()) {
                most = Math.max(most, ticksIfNamedJava(thread.resolve("stat")));
            }
        } catch (IOException | UncheckedIOException gone) {
            return Optional.empty();
        }
        return most < 0 ? Optional.empty() : Optional.of(Duration.ofMillis(most * 1000 / TICKS_PER_SECOND));
    }

    /** utime + stime of one thread (fields 14 and 15), or -1 when it has another name or has ended. */
    static long ticksIfNamedJava(Path stat) {
        String line;
        try {
            line = Files.readString(stat);
        } catch (IOException ended) {
            return -1;
        }
        return ticksIfNamedJava(line);
    }

    static long ticksIfNamedJava(String statLine) {
        int open = statLine.indexOf('(');
        int close = statLine.lastIndexOf(')');
        if (open < 0 || close < open || !statLine.substring(open + 1, close).equals("java")) {
            return -1;
        }
        // after the name: state (field 3) ... utime (14), stime (15)
        String[] fields = statLine.substring(close + 2).split(" ");
        return fields.length > 12 ? Long.parseLong(fields[11]) + Long.parseLong(fields[12]) : -1;
    }
}
