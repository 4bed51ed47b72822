package dev.agentport.lambdalocal;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MainThreadCpuTest {

    private static final String TAIL = " S 1 2 3 0 -1 4194560 1000 0 0 0 %d %d 0 0 20 0 12 0 500 0 0";

    @Test
    void a_thread_named_java_counts_its_user_and_system_ticks() {
        assertEquals(19 + 4, MainThreadCpu.ticksIfNamedJava("4242 (java)" + TAIL.formatted(19, 4)));
    }

    @Test
    void threads_the_jvm_named_do_not_count() {
        assertEquals(-1, MainThreadCpu.ticksIfNamedJava("4243 (C1 CompilerThre)" + TAIL.formatted(50, 1)));
        assertEquals(-1, MainThreadCpu.ticksIfNamedJava("4244 (VM Thread)" + TAIL.formatted(3, 0)));
    }

    @Test
    void this_jvm_has_a_main_thread_on_linux_and_nothing_is_read_elsewhere() {
        Optional<Duration> main = MainThreadCpu.of(ProcessHandle.current().pid());
        boolean linux = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux");
        assertEquals(linux, main.isPresent());
        assertTrue(main.map(used -> !used.isNegative()).orElse(true));
    }
}
