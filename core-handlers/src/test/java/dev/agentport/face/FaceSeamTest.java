package dev.agentport.face;

import dev.agentport.AgentPort;
import dev.agentport.card.AgentCard;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.Filter;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How faces are assembled: their own routes, filters, error shapes and card parts, chosen by AGENT_FACES. */
class FaceSeamTest {

    /** A face that answers {@code GET /echo} and stamps its own header on its own paths only. */
    static final class EchoFace implements Face {
        private final String name;
        private final String path;

        EchoFace(String name, String path) {
            this.name = name;
            this.path = path;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean enabledByDefault(FaceContext context) {
            return false;
        }

        @Override
        public void describe(FaceContext context, AgentCard.Builder card) {
            card.addInterface(new AgentCard.Interface(path, "ECHO", "1"));
        }

        @Override
        public void mount(FaceContext context) {
            Filter stamp = (request, next) -> next.handle(request).withHeader("X-Echo-Face", name);
            context.routes(stamp, new Router.Fallbacks() {
                @Override
                public HttpResponse notFound(HttpRequest request) {
                    return HttpResponse.builder(404).body("echo: not found".getBytes(StandardCharsets.UTF_8)).build();
                }

                @Override
                public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
                    return HttpResponse.builder(405).body("echo: use GET".getBytes(StandardCharsets.UTF_8)).build();
                }

                @Override
                public HttpResponse internalError(HttpRequest request, RuntimeException error) {
                    return HttpResponse.builder(500).build();
                }
            }).get(path, request -> HttpResponse.builder(200)
                    .body(Json.bytes(Json.object().put("interfaces", context.card().interfaces().size()))).build());
        }
    }

    /** A face that takes {@code POST /} only for bodies containing {@code "claim-me"}, leaving the rest to the owner. */
    static final class ClaimFace implements Face {
        @Override
        public String name() {
            return "claimer";
        }

        @Override
        public boolean enabledByDefault(FaceContext context) {
            return false;
        }

        @Override
        public void mount(FaceContext context) {
            Filter stamp = (request, next) -> next.handle(request).withHeader("X-Echo-Face", "claimer");
            context.routes(stamp, DefaultErrors.plain()).claim("POST", "/",
                    request -> new String(request.body(), StandardCharsets.UTF_8).contains("claim-me"),
                    request -> HttpResponse.builder(200).body("claimed".getBytes(StandardCharsets.UTF_8)).build());
        }
    }

    private static HttpResponse post(AgentPort port, String path, String body) {
        return port.handle(HttpRequest.builder("POST", path).header("Content-Type", "application/json").body(body)
                .build());
    }

    private static AgentPort port(Map<String, String> env, Face... faces) {
        AgentPort.Builder builder = AgentPort.builder().agent(new DefaultAgent(Duration.ZERO))
                .config(RuntimeConfig.fromEnvironment(env));
        for (Face face : faces) {
            builder.face(face);
        }
        return builder.build().startAndAwait();
    }

    private static HttpResponse get(AgentPort port, String path) {
        return port.handle(HttpRequest.builder("GET", path).build());
    }

    @Test
    void a_face_is_off_unless_agent_faces_names_it_when_it_is_not_on_by_default() throws Exception {
        AgentPort port = port(Map.of(), new EchoFace("echo", "/echo"));
        assertTrue(!port.faces().contains("echo"));
        assertEquals(404, get(port, "/echo").status());
    }

    @Test
    void agent_faces_picks_the_faces_in_order() throws Exception {
        AgentPort port = port(Map.of("AGENT_FACES", "echo,agentbreeder"), new EchoFace("echo", "/echo"));
        assertEquals(java.util.List.of("echo", "agentbreeder"), port.faces());
        assertEquals(200, get(port, "/echo").status());
        assertEquals(200, get(port, "/health").status());
    }

    @Test
    void an_unknown_face_stops_start_up_naming_the_variable_and_the_known_faces() throws Exception {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> port(Map.of("AGENT_FACES", "agentbreeder,nope")));
        assertTrue(error.getMessage().startsWith("AGENT_FACES"), error.getMessage());
        assertTrue(error.getMessage().contains("agentbreeder"), error.getMessage());
    }

    @Test
    void the_health_format_must_name_an_enabled_face() throws Exception {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> port(Map.of("AGENT_FACES", "echo", "AGENT_HEALTH_FORMAT", "agentbreeder"),
                        new EchoFace("echo", "/echo")));
        assertTrue(error.getMessage().startsWith("AGENT_HEALTH_FORMAT"), error.getMessage());
    }

    @Test
    void a_face_filter_applies_to_its_own_routes_only() throws Exception {
        AgentPort port = port(Map.of("AGENT_FACES", "agentbreeder,echo"), new EchoFace("echo", "/echo"));
        HttpResponse echo = get(port, "/echo");
        assertEquals("echo", echo.header("X-Echo-Face"));
        assertNull(echo.header("X-Runtime-Contract-Version"));
        HttpResponse health = get(port, "/health");
        assertNull(health.header("X-Echo-Face"));
        assertEquals("1", health.header("X-Runtime-Contract-Version"));
    }

    @Test
    void a_wrong_method_on_a_face_path_is_answered_in_that_face_shape() throws Exception {
        AgentPort port = port(Map.of("AGENT_FACES", "agentbreeder,echo"), new EchoFace("echo", "/echo"));
        HttpResponse answer = port.handle(HttpRequest.builder("POST", "/echo").build());
        assertEquals(405, answer.status());
        assertEquals("echo: use GET", new String(answer.bodyBytes(), StandardCharsets.UTF_8));
        assertEquals("echo", answer.header("X-Echo-Face"));
    }

    @Test
    void unowned_paths_take_the_first_enabled_face_shape_that_has_one() throws Exception {
        AgentPort withAgentBreeder = port(Map.of("AGENT_FACES", "echo,agentbreeder"), new EchoFace("echo", "/echo"));
        HttpResponse answer = get(withAgentBreeder, "/nowhere");
        assertEquals(404, answer.status());
        assertEquals("1", answer.header("X-Runtime-Contract-Version"));
        assertEquals("NOT_FOUND", Json.parse(answer.bodyBytes()).at("/error/code").asText());
    }

    @Test
    void without_a_face_that_has_an_error_shape_unowned_paths_get_the_core_plain_error() throws Exception {
        AgentPort port = port(Map.of("AGENT_FACES", "echo"), new EchoFace("echo", "/echo"));
        HttpResponse answer = get(port, "/nowhere");
        assertEquals(404, answer.status());
        assertNull(answer.header("X-Runtime-Contract-Version"));
        assertEquals("NOT_FOUND", Json.parse(answer.bodyBytes()).at("/error/code").asText());
        assertEquals(404, get(port, "/health").status());
    }

    @Test
    void faces_add_their_part_to_the_one_agent_card() throws Exception {
        AgentPort port = port(Map.of("AGENT_FACES", "agentbreeder,echo,echo2"), new EchoFace("echo", "/echo"),
                new EchoFace("echo2", "/echo2"));
        assertEquals(2, Json.parse(get(port, "/echo").bodyBytes()).get("interfaces").asInt());
    }

    @Test
    void two_faces_claiming_one_path_stop_start_up() throws Exception {
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> port(Map.of("AGENT_FACES", "agentbreeder,echo"), new EchoFace("echo", "/invoke")));
        assertTrue(error.getMessage().contains("/invoke"), error.getMessage());
        assertTrue(error.getMessage().contains("agentbreeder") && error.getMessage().contains("echo"),
                error.getMessage());
    }

    @Test
    void a_face_claims_requests_on_another_face_path_that_match_its_predicate() throws Exception {
        AgentPort port = port(Map.of("AGENT_FACES", "daedalus,claimer"), new ClaimFace());
        HttpResponse claimed = post(port, "/", "{\"claim-me\":true}");
        assertEquals(200, claimed.status());
        assertEquals("claimed", new String(claimed.bodyBytes(), StandardCharsets.UTF_8));
        assertEquals("claimer", claimed.header("X-Echo-Face"));
        HttpResponse owners = post(port, "/", "{\"other\":true}");
        assertEquals(400, owners.status());
        assertNull(owners.header("X-Echo-Face"));
        assertEquals(405, get(port, "/").status());
    }

    @Test
    void a_claim_works_on_a_path_no_face_owns() throws Exception {
        AgentPort port = port(Map.of("AGENT_FACES", "agentbreeder,claimer"), new ClaimFace());
        assertEquals(200, post(port, "/", "claim-me").status());
        assertEquals(404, post(port, "/", "something else").status());
    }

    @Test
    void a_claim_does_not_make_a_second_owner_acceptable() throws Exception {
        assertThrows(IllegalStateException.class, () -> port(Map.of("AGENT_FACES", "daedalus,claimer,echo"),
                new ClaimFace(), new EchoFace("echo", "/")));
    }
}
