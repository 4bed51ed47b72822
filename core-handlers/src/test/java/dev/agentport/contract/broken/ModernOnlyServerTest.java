package dev.agentport.contract.broken;

import dev.agentport.contract.ContractCases;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.validate.Contract;
import dev.agentport.validate.Outcome;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Report;
import dev.agentport.validate.Result;
import dev.agentport.validate.Settings;
import dev.agentport.validate.Validator;
import dev.agentport.validate.http.HttpTransport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A server of 2026-07-28 alone, which has no {@code initialize}: the core, its {@code initialize} refused as such a
 * server refuses it (400, -32020). The MCP rules find it, speak to it per request, pass, and skip only what the
 * versions with {@code initialize} have.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ModernOnlyServerTest {

    private static final Breakage NO_INITIALIZE = new Breakage("none", McpBreakages.method("initialize"),
            Changes.all(Changes.status(400), Changes.header("Content-Type", "application/json"),
                    Changes.text(text -> "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32020,"
                            + "\"message\":\"MCP-Protocol-Version and Mcp-Method are required\"}}")));

    private final InProcessTarget core = new InProcessTarget();

    @AfterAll
    void stop() {
        core.close();
    }

    @Test
    void the_mcp_rules_speak_per_request_to_a_server_without_initialize() throws Exception {
        try (BrokenServer server = new BrokenServer(core, NO_INITIALIZE)) {
            Report report = Validator.standard().validate(server.url(), new Probe(new HttpTransport(
                    URI.create(server.url())), ContractCases.TOKEN), Set.of(Contract.MCP), Settings.DEFAULTS);
            List<String> failed = report.results().stream().filter(result -> result.outcome() == Outcome.FAIL)
                    .map(result -> result.rule().id() + ": " + result.reason()).toList();
            assertEquals(List.of(), failed);
            List<String> skipped = report.results().stream().filter(result -> result.outcome() == Outcome.SKIP)
                    .map(Result::rule).map(rule -> rule.number()).toList();
            assertEquals(List.of("1.1", "1.2", "1.3", "1.4", "1.5", "2.2", "3.1", "3.2", "3.3", "4.1"), skipped);
        }
    }
}
