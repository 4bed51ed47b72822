package dev.agentport.local;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.AgentPort;
import dev.agentport.contract.ContractCases;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.contract.LocalAdapterCases;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The local adapter on the core: its cases, and the rules that need a caller other than loopback. */
class LocalAdapterRulesTest {

    private final AgentPort core = new InProcessTarget(TestAgents.echoContext(), LocalAdapterCases.ENV).core();

    @TestFactory
    Stream<DynamicTest> localAdapterContract() {
        return ContractSuite.against(new InProcessTarget(new DefaultAgent(Duration.ofMillis(25)),
                LocalAdapterCases.ENV), LocalAdapterCases.all());
    }

    @Test
    void run_task_from_a_non_loopback_address_is_403() {
        HttpResponse answer = core.handle(runTask("192.0.2.60", "127.0.0.1:18789"));
        assertRefused(answer, "loopback");
    }

    @Test
    void run_task_from_an_unknown_address_is_403() {
        assertRefused(core.handle(runTask("", "127.0.0.1:18789")), "loopback");
    }

    @Test
    void run_task_from_a_name_is_403_without_looking_it_up() {
        assertRefused(core.handle(runTask("localhost", "127.0.0.1:18789")), "loopback");
    }

    @Test
    void run_task_from_ipv6_and_other_127_loopback_addresses_is_served() {
        for (String address : new String[] {"0:0:0:0:0:0:0:1", "[::1]", "127.0.0.2", "::ffff:127.0.0.1"}) {
            assertEquals(200, core.handle(runTask(address, "localhost:18789")).status(), address);
        }
    }

    @Test
    void run_task_for_another_host_name_is_403() {
        assertRefused(core.handle(runTask("127.0.0.1", "evil.example.com")), "localhost");
        assertRefused(core.handle(runTask("127.0.0.1", "192.0.2.60:18789")), "localhost");
    }

    @Test
    void run_task_for_localhost_and_loopback_hosts_is_served() {
        for (String host : new String[] {"localhost", "localhost:18789", "127.0.0.1:18789", "[::1]:18789"}) {
            assertEquals(200, core.handle(runTask("127.0.0.1", host)).status(), host);
        }
    }

    @Test
    void run_task_hands_the_ids_and_the_platform_to_the_agent_as_metadata() throws Exception {
        String output = body(core.handle(runTask("127.0.0.1", "localhost"))).at("/output/text").asText();
        JsonNode seen = Json.parse(output.getBytes(java.nio.charset.StandardCharsets.UTF_8)).get("metadata");
        assertEquals("tr-1", seen.get("task_run_id").asText());
        assertEquals("conv-1", seen.get("conversation_id").asText());
        assertEquals("ws-1", seen.get("workspace_id").asText());
        assertEquals("chat", seen.get("task_type").asText());
        assertEquals("agent-initiator", seen.get("initiator_agent_id").asText());
        assertEquals("agent-target", seen.get("target_agent_id").asText());
        assertEquals("ysee.tech", seen.at("/platform/origin").asText());
    }

    @Test
    void run_task_is_not_served_without_the_local_adapter_setting() {
        AgentPort plain = new InProcessTarget(TestAgents.echoContext(), ContractCases.ENV).core();
        assertEquals(404, plain.handle(runTask("127.0.0.1", "localhost")).status());
        assertFalse(plain.faces().contains(LocalAdapterFace.NAME));
    }

    @Test
    void the_local_adapter_setting_adds_the_face_to_the_default_faces() {
        assertTrue(core.faces().containsAll(java.util.List.of("agentbreeder", "daedalus", "local")), core.faces().toString());
    }

    @Test
    void a_runtime_token_is_never_stored_with_the_conversation() {
        HttpResponse answer = core.handle(HttpRequest.builder("POST", "/run-task").remoteAddress("127.0.0.1")
                .header("Content-Type", "application/json")
                .body(LocalAdapterCases.withRuntimeToken(LocalAdapterCases.task("tok", "tok-conv", "hi"))).build());
        assertEquals(400, answer.status());
        assertFalse(new String(answer.bodyBytes(), java.nio.charset.StandardCharsets.UTF_8)
                .contains(LocalAdapterCases.RUNTIME_TOKEN));
        assertTrue(core.runs().sessions().history("tok-conv").isEmpty());
    }

    @Test
    void the_client_s_address_is_asked_of_the_platform_only_by_the_local_face() {
        AtomicInteger asked = new AtomicInteger();
        HttpResponse invoke = core.handle(HttpRequest.builder("POST", "/invoke")
                .header("Authorization", "Bearer " + ContractCases.TOKEN).remotePeer(() -> {
            asked.incrementAndGet();
            return "127.0.0.1";
        }).header("Content-Type", "application/json").body("{\"input\":\"hi\"}").build());
        assertEquals(200, invoke.status());
        assertEquals(0, asked.get());

        HttpResponse local = core.handle(HttpRequest.builder("POST", "/run-task").remotePeer(() -> {
            asked.incrementAndGet();
            return "127.0.0.1";
        }).header("Host", "localhost").header("Content-Type", "application/json")
                .body(LocalAdapterCases.task("peer-1", "peer-conv", "hi")).build());
        assertEquals(200, local.status());
        assertEquals(1, asked.get());
    }

    private static HttpRequest runTask(String remoteAddress, String host) {
        return HttpRequest.builder("POST", "/run-task").remoteAddress(remoteAddress).header("Host", host)
                .header("Content-Type", "application/json")
                .body(LocalAdapterCases.task("tr-1", "conv-1", "hi")).build();
    }

    private static void assertRefused(HttpResponse answer, String reason) {
        assertEquals(403, answer.status());
        JsonNode body = body(answer);
        assertFalse(body.get("success").asBoolean());
        assertTrue(body.get("error").asText().contains(reason), body.toString());
    }

    private static JsonNode body(HttpResponse answer) {
        try {
            return Json.parse(answer.bodyBytes());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
