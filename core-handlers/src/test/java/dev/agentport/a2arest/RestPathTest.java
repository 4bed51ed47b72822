package dev.agentport.a2arest;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RestPathTest {

    private static RestPath read(String path) {
        return RestPath.parse(path).orElseThrow(() -> new AssertionError("not a path of the binding: " + path));
    }

    @Test
    void the_binding_paths_name_their_operations() {
        assertEquals(RestOperation.SEND, read("/message:send").operation());
        assertEquals(RestOperation.STREAM, read("/message:stream").operation());
        assertEquals(RestOperation.LIST_TASKS, read("/tasks").operation());
        assertEquals(RestOperation.EXTENDED_CARD, read("/extendedAgentCard").operation());
        assertEquals(new RestPath(RestOperation.GET_TASK, null, "t1"), read("/tasks/t1"));
        assertEquals(new RestPath(RestOperation.CANCEL, null, "t1"), read("/tasks/t1:cancel"));
        assertEquals(new RestPath(RestOperation.SUBSCRIBE, null, "t1"), read("/tasks/t1:subscribe"));
        assertEquals(new RestPath(RestOperation.PUSH_CONFIGS, null, "t1"), read("/tasks/t1/pushNotificationConfigs"));
        assertEquals(new RestPath(RestOperation.PUSH_CONFIG, null, "t1"),
                read("/tasks/t1/pushNotificationConfigs/c1"));
    }

    @Test
    void every_path_is_served_under_a_tenant_prefix() {
        assertEquals(new RestPath(RestOperation.SEND, "acme", null), read("/acme/message:send"));
        assertEquals(new RestPath(RestOperation.CANCEL, "acme", "t1"), read("/acme/tasks/t1:cancel"));
        assertEquals(new RestPath(RestOperation.PUSH_CONFIG, "acme", "t1"),
                read("/acme/tasks/t1/pushNotificationConfigs/c1"));
    }

    @Test
    void a_path_that_reads_both_ways_is_read_without_a_tenant() {
        assertEquals(new RestPath(RestOperation.GET_TASK, null, "tasks"), read("/tasks/tasks"));
    }

    @Test
    void ids_and_tenants_are_percent_decoded_and_a_colon_in_an_id_comes_encoded() {
        assertEquals(new RestPath(RestOperation.CANCEL, "my tenant", "a:b"), read("/my%20tenant/tasks/a%3Ab:cancel"));
        assertEquals("a+b", read("/tasks/a+b").taskId());
    }

    @Test
    void other_paths_are_not_the_bindings() {
        for (String path : new String[] {"/", "/a2a", "/invoke", "/tasks/", "/tasks/t1:explode", "/tasks/:cancel",
                "/a/b/message:send", "/message:send/x", "/tasks/t1/other", "/tasks/t1/pushNotificationConfigs/",
                "/tasks/%zz", "//message:send", "message:send"}) {
            assertEquals(Optional.empty(), RestPath.parse(path), path);
        }
        assertTrue(RestPath.matches("/x/tasks"));
    }
}
