package dev.agentport.runtime;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RuntimeConfigTest {

    @Test
    void defaults_apply_when_nothing_is_set() {
        RuntimeConfig config = RuntimeConfig.fromEnvironment(Map.of());
        assertEquals(8080, config.port());
        assertFalse(config.authEnabled());
        assertEquals(1024 * 1024, config.maxBodyBytes());
        assertEquals(Duration.ofSeconds(300), config.runTimeout());
        assertNull(config.healthFormat());
        assertTrue(config.faces().isEmpty());
        assertEquals(Duration.ofSeconds(60), config.startupTimeout());
        assertEquals(Duration.ofSeconds(8), config.shutdownGrace());
        assertNull(config.agentName());
    }

    @Test
    void every_variable_is_read() {
        RuntimeConfig config = RuntimeConfig.fromEnvironment(Map.of("PORT", "9000", "AGENT_AUTH_TOKEN", " t ",
                "AGENT_NAME", "n", "AGENT_VERSION", "2.0.0", "AGENT_FRAMEWORK", "langchain4j",
                "AGENT_MAX_BODY_BYTES", "2048", "AGENT_RUN_TIMEOUT_SECONDS", "30",
                "AGENT_SHUTDOWN_GRACE_SECONDS", "3", "AGENT_PUBLIC_URL", "https://x.example"));
        assertEquals(9000, config.port());
        assertEquals("t", config.authToken());
        assertEquals("n", config.agentName());
        assertEquals("2.0.0", config.agentVersion());
        assertEquals("langchain4j", config.agentFramework());
        assertEquals(2048, config.maxBodyBytes());
        assertEquals(Duration.ofSeconds(30), config.runTimeout());
        assertEquals(Duration.ofSeconds(3), config.shutdownGrace());
        assertEquals("https://x.example", config.publicUrl());
    }

    @Test
    void invalid_number_names_the_variable() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("PORT", "eighty")));
        assertTrue(error.getMessage().contains("PORT"));
    }

    @Test
    void out_of_range_number_names_the_variable() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("AGENT_MAX_BODY_BYTES", "0")));
        assertTrue(error.getMessage().contains("AGENT_MAX_BODY_BYTES"));
    }

    @Test
    void to_string_never_shows_the_token() {
        assertFalse(RuntimeConfig.fromEnvironment(Map.of("AGENT_AUTH_TOKEN", "very-secret")).toString()
                .contains("very-secret"));
    }

    @Test
    void to_string_names_every_setting_in_order() {
        RuntimeConfig config = RuntimeConfig.fromEnvironment(Map.of("PORT", "9000", "AGENT_AUTH_TOKEN", "t",
                "AGENT_NAME", "n", "AGENT_FACES", "agentbreeder,mcp", "AGENT_PUBLIC_URL", "https://x.example",
                "WORK_DIR", "workspace"));
        assertEquals("RuntimeConfig[port=9000, auth=on, agentName=n, agentVersion=null, agentFramework=null, "
                + "maxBodyBytes=1048576, runTimeout=PT5M, shutdownGrace=PT8S, publicUrl=https://x.example, "
                + "faces=agentbreeder,mcp, healthFormat=null, workDir=workspace, startupTimeout=PT1M, stateTtl=PT168H, "
                + "aionDaemon=off, localAdapter=false]", config.toString());
    }

    @Test
    void a_run_timeout_of_zero_means_no_limit_beyond_the_platform() {
        assertNull(RuntimeConfig.fromEnvironment(Map.of("AGENT_RUN_TIMEOUT_SECONDS", "0")).runTimeout());
    }

    @Test
    void a2a_port_is_a_synonym_of_port() {
        assertEquals(9090, RuntimeConfig.fromEnvironment(Map.of("A2A_PORT", "9090")).port());
        assertEquals(9090, RuntimeConfig.fromEnvironment(Map.of("A2A_PORT", "9090", "PORT", "9090")).port());
    }

    @Test
    void port_and_a2a_port_that_disagree_stop_start_up() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("A2A_PORT", "9090", "PORT", "8080")));
        assertTrue(error.getMessage().contains("A2A_PORT"));
    }

    @Test
    void termination_grace_period_is_a_go_duration() {
        assertEquals(Duration.ofSeconds(30),
                RuntimeConfig.fromEnvironment(Map.of("TERMINATION_GRACE_PERIOD", "30s")).shutdownGrace());
        assertEquals(Duration.ofSeconds(90),
                RuntimeConfig.fromEnvironment(Map.of("TERMINATION_GRACE_PERIOD", "1m30s")).shutdownGrace());
        assertEquals(Duration.ofMillis(1500),
                RuntimeConfig.fromEnvironment(Map.of("TERMINATION_GRACE_PERIOD", "1.5s")).shutdownGrace());
    }

    @Test
    void agent_shutdown_grace_seconds_wins_over_termination_grace_period() {
        assertEquals(Duration.ofSeconds(3), RuntimeConfig.fromEnvironment(Map.of(
                "TERMINATION_GRACE_PERIOD", "30s", "AGENT_SHUTDOWN_GRACE_SECONDS", "3")).shutdownGrace());
    }

    @Test
    void a_malformed_duration_names_the_variable() {
        for (String bad : new String[] {"30", "thirty", "30 s", "-5s", "s"}) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> RuntimeConfig.fromEnvironment(Map.of("STARTUP_TIMEOUT", bad)), bad);
            assertTrue(error.getMessage().startsWith("STARTUP_TIMEOUT"), error.getMessage());
        }
    }

    @Test
    void public_url_must_be_an_absolute_http_url() {
        for (String bad : new String[] {"not-a-url", "ftp://x.example", "/relative", "https://", "http://x?y=1"}) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> RuntimeConfig.fromEnvironment(Map.of("AGENT_PUBLIC_URL", bad)), bad);
            assertTrue(error.getMessage().startsWith("AGENT_PUBLIC_URL"), error.getMessage());
        }
        assertEquals("https://a.example/base",
                RuntimeConfig.fromEnvironment(Map.of("AGENT_PUBLIC_URL", "https://a.example/base/")).publicUrl());
    }

    @Test
    void health_format_is_one_of_the_known_forms() {
        assertEquals("daedalus",
                RuntimeConfig.fromEnvironment(Map.of("AGENT_HEALTH_FORMAT", "Daedalus")).healthFormat());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("AGENT_HEALTH_FORMAT", "k8s")));
        assertTrue(error.getMessage().startsWith("AGENT_HEALTH_FORMAT"));
    }

    @Test
    void aion_daemon_is_off_by_default_and_one_of_off_optional_required() {
        assertEquals("off", RuntimeConfig.defaults().aionDaemon());
        assertEquals("required",
                RuntimeConfig.fromEnvironment(Map.of("AGENT_AION_DAEMON", "Required")).aionDaemon());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("AGENT_AION_DAEMON", "yes")));
        assertTrue(error.getMessage().startsWith("AGENT_AION_DAEMON"));
    }

    @Test
    void faces_are_a_comma_list_in_order() {
        assertEquals(java.util.List.of("daedalus", "agentbreeder"),
                RuntimeConfig.fromEnvironment(Map.of("AGENT_FACES", " daedalus, agentbreeder ,")).faces());
        assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("AGENT_FACES", " , ")));
    }

    @Test
    void work_dir_must_be_writable() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("WORK_DIR", "/proc/version/x")));
        assertTrue(error.getMessage().startsWith("WORK_DIR"));
    }

    @Test
    void local_adapter_is_off_by_default() {
        assertFalse(RuntimeConfig.fromEnvironment(Map.of()).localAdapter());
    }

    @Test
    void local_adapter_listens_on_port_18789_unless_port_says_otherwise() {
        assertEquals(18789, RuntimeConfig.fromEnvironment(Map.of("AGENT_LOCAL_ADAPTER", "true")).port());
        assertEquals(9100, RuntimeConfig.fromEnvironment(Map.of("AGENT_LOCAL_ADAPTER", "TRUE", "PORT", "9100"))
                .port());
        assertEquals(9200, RuntimeConfig.fromEnvironment(Map.of("AGENT_LOCAL_ADAPTER", "true", "A2A_PORT", "9200"))
                .port());
    }

    @Test
    void local_adapter_other_than_true_or_false_names_the_variable() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("AGENT_LOCAL_ADAPTER", "yes")));
        assertTrue(error.getMessage().startsWith("AGENT_LOCAL_ADAPTER must be true or false"), error.getMessage());
    }

    @Test
    void local_face_in_agent_faces_needs_the_local_adapter_setting() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("AGENT_FACES", "agentbreeder,local")));
        assertTrue(error.getMessage().contains("AGENT_LOCAL_ADAPTER=true"), error.getMessage());
    }

    @Test
    void local_adapter_setting_with_agent_faces_needs_the_local_face_among_them() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> RuntimeConfig.fromEnvironment(Map.of("AGENT_LOCAL_ADAPTER", "true", "AGENT_FACES", "daedalus")));
        assertTrue(error.getMessage().startsWith("AGENT_LOCAL_ADAPTER is true, but AGENT_FACES"), error.getMessage());
        assertEquals(java.util.List.of("local"), RuntimeConfig.fromEnvironment(Map.of("AGENT_LOCAL_ADAPTER", "true",
                "AGENT_FACES", "local")).faces());
    }

    @Test
    void targets_without_the_local_adapter_refuse_its_setting_in_one_line() {
        RuntimeConfig local = RuntimeConfig.fromEnvironment(Map.of("AGENT_LOCAL_ADAPTER", "true"));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> local.refusingLocalAdapter("Google Cloud Functions"));
        assertEquals("AGENT_LOCAL_ADAPTER=true is not served on Google Cloud Functions: the local adapter runs only "
                + "on the Helidon server, on the user's own machine", error.getMessage());
        RuntimeConfig plain = RuntimeConfig.fromEnvironment(Map.of());
        assertEquals(plain, plain.refusingLocalAdapter("AWS Lambda"));
    }
}
