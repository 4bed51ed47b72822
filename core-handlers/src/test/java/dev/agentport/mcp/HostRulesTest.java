package dev.agentport.mcp;

import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Host and Origin are checked against the allow-list; loopback and the public URL's host always pass. Each rule is a
 * row: the server's settings, the header sent with a ping, and the status expected.
 */
class HostRulesTest {

    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";

    private static final Map<String, String> NO_LIST = Map.of();
    private static final Map<String, String> LISTED = Map.of("AGENT_MCP_ALLOWED_HOSTS", "agents.example.com");
    private static final Map<String, String> LISTED_WITH_A_PORT =
            Map.of("AGENT_MCP_ALLOWED_HOSTS", "agents.example.com, other:8443");
    private static final Map<String, String> PUBLIC_URL = Map.of("AGENT_PUBLIC_URL", "https://agent.example.org");
    private static final Map<String, String> STAR = Map.of("AGENT_MCP_ALLOWED_HOSTS", "*");

    /** One rule: with these settings, a ping whose {@code header} is {@code value} is answered {@code status}. */
    private record HostCase(String rule, Map<String, String> env, String header, String value, int status) {
    }

    private static final List<HostCase> CASES = List.of(
            new HostCase("a_host_outside_the_allow_list_is_403", LISTED, "Host", "rebound.example.net", 403),
            new HostCase("a_host_outside_the_allow_list_is_403_with_a_port", LISTED, "Host",
                    "rebound.example.net:8080", 403),
            new HostCase("localhost_is_always_allowed", NO_LIST, "Host", "localhost:8080", 200),
            new HostCase("ipv4_loopback_is_always_allowed", NO_LIST, "Host", "127.0.0.1", 200),
            new HostCase("any_address_of_127_is_loopback", LISTED, "Host", "127.255.3.10:8080", 200),
            new HostCase("a_name_that_only_begins_like_loopback_is_403", LISTED, "Host", "127.0.0.1.evil.example",
                    403),
            new HostCase("ipv6_loopback_is_always_allowed", NO_LIST, "Host", "[::1]:9000", 200),
            new HostCase("a_host_of_the_allow_list_is_allowed", LISTED_WITH_A_PORT, "Host", "agents.example.com",
                    200),
            new HostCase("a_host_of_the_allow_list_is_allowed_with_any_port", LISTED_WITH_A_PORT, "Host",
                    "agents.example.com:443", 200),
            new HostCase("a_host_listed_with_its_port_is_allowed_on_that_port", LISTED_WITH_A_PORT, "Host",
                    "other:8443", 200),
            new HostCase("a_host_listed_with_its_port_is_403_on_another_port", LISTED_WITH_A_PORT, "Host",
                    "other:9999", 403),
            new HostCase("the_public_urls_host_is_allowed", PUBLIC_URL, "Host", "agent.example.org", 200),
            new HostCase("the_public_urls_origin_is_allowed", PUBLIC_URL, "Origin", "https://agent.example.org", 200),
            new HostCase("a_foreign_origin_is_403", LISTED, "Origin", "https://evil.example", 403),
            new HostCase("a_null_origin_is_403", LISTED, "Origin", "null", 403),
            new HostCase("an_origin_of_the_allow_list_is_allowed", LISTED, "Origin", "https://agents.example.com",
                    200),
            new HostCase("a_loopback_origin_is_always_allowed", LISTED, "Origin", "http://127.0.0.1:5173", 200),
            new HostCase("a_star_allows_any_host", STAR, "Host", "anything.example", 200));

    @TestFactory
    Stream<DynamicTest> hostRules() {
        return CASES.stream().map(rule -> DynamicTest.dynamicTest(rule.rule(), () -> {
            InProcessTarget target = new InProcessTarget(McpTesting.core(new DefaultAgent(), rule.env(),
                    McpSettings.fromEnvironment(rule.env())));
            Exchange answer = target.send(McpTesting.post(PING).header(rule.header(), rule.value()).build());
            assertEquals(rule.status(), answer.status(), answer.toString());
        }));
    }

    /** An IPv4 loopback Host is {@code 127.} and three groups of one to three ASCII digits, as this expression says. */
    @TestFactory
    Stream<DynamicTest> ipv4LoopbackIs127AndThreeGroupsOfOneToThreeDigits() {
        Pattern loopback = Pattern.compile("127\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}");
        return Stream.of("127.0.0.1", "127.1.22.255", "127.999.999.999", "127.0.0.1234", "127.0.0.", "127..0.1",
                        "127.0.0", "127.0.0.1.", "127.0.0.1.5", "128.0.0.1", "127.0.0.a", "127.0.0.\u0661", "127.",
                        "127", "", "0127.0.0.1", "127.0.0.-1", " 127.0.0.1")
                .map(name -> DynamicTest.dynamicTest("\"" + name + "\"",
                        () -> assertEquals(loopback.matcher(name).matches(), HostCheck.isLoopback(name), name)));
    }
}
