package dev.agentport.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentport.validate.FakeServer.Call;
import dev.agentport.validate.FakeServer.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command as a user runs it: exit codes, what it says it detected, the text, JSON and JUnit XML reports, and
 * {@code --list}. The servers are small fakes on loopback: a /run-task adapter, and a server that speaks no contract.
 */
class MainTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void a_server_that_keeps_every_rule_checked_exits_0() throws Exception {
        try (FakeServer adapter = new FakeServer(MainTest::runTaskAdapter)) {
            Run run = run(adapter.url(), "--contracts", "run-task");
            assertEquals(Main.PASSED, run.exit(), run.out());
            assertTrue(run.out().contains("PASS  run-task 4.1 run_task_accepts_the_runtime_request"), run.out());
            assertTrue(run.out().contains("SKIP  run-task 7.1 run_task_artifacts_are_write_requests_without_an_"
                    + "artifact_id -- the agent wrote no file"), run.out());
        }
    }

    @Test
    void a_failing_rule_exits_1_with_its_reason() throws Exception {
        try (FakeServer adapter = new FakeServer(call -> call.body().contains("runtime_token")
                ? Reply.json(200, "{\"success\":true,\"output\":{\"text\":\"got " + call.body().replace('"', '\'')
                + "\"}}") : runTaskAdapter(call))) {
            Run run = run(adapter.url(), "--contracts", "run-task");
            assertEquals(Main.FAILED, run.exit(), run.out());
            assertTrue(run.out().contains("FAIL  run-task 8.2 run_task_never_echoes_a_runtime_token -- POST /run-task "
                    + "with a runtime_token in the task answered with that token"), run.out());
        }
    }

    @Test
    void without_contracts_it_says_what_it_detected() throws Exception {
        try (FakeServer adapter = new FakeServer(MainTest::runTaskAdapter)) {
            Run run = run(adapter.url());
            assertEquals(Main.PASSED, run.exit(), run.out());
            assertTrue(run.out().contains("  found      run-task: POST /run-task answered 200 with \"success\": true"),
                    run.out());
            assertTrue(run.out().contains("  not found  agentbreeder: GET /health answered 404"), run.out());
            assertFalse(run.out().contains("PASS  agentbreeder"), run.out());
        }
    }

    @Test
    void a_server_that_speaks_no_contract_exits_1_with_a_reason_per_contract() throws Exception {
        try (FakeServer page = new FakeServer(MainTest::webPage)) {
            Run run = run(page.url());
            assertEquals(Main.FAILED, run.exit(), run.out());
            for (Contract contract : Contract.values()) {
                assertTrue(run.out().contains("  not found  " + contract.cliName() + ": "), run.out());
            }
            assertTrue(run.out().contains("FAIL: the server speaks none of the contracts (see above)."), run.out());
            assertNoStackTrace(run);
        }
    }

    @Test
    void contracts_asked_of_a_server_that_speaks_none_fail_with_reasons() throws Exception {
        try (FakeServer page = new FakeServer(MainTest::webPage)) {
            Run run = run(page.url(), "--contracts", "agentbreeder,run-task", "--token", "t0ken");
            assertEquals(Main.FAILED, run.exit(), run.out());
            assertTrue(run.out().contains("FAIL  agentbreeder 1.1 health_answers_200_with_a_status -- GET /health "
                    + "answered Content-Type \"text/html\", expected application/json"), run.out());
            assertTrue(run.out().contains("FAIL  run-task 5.1 run_task_answers_a_json_object -- POST /run-task "
                    + "answered 200 with a body that is not JSON: <html>"), run.out());
            assertNoStackTrace(run);
        }
    }

    @Test
    void an_unreachable_url_exits_2() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Run run = run("http://127.0.0.1:" + port);
        assertEquals(Main.UNUSABLE, run.exit());
        assertTrue(run.err().contains("validate-contract: cannot reach http://127.0.0.1:" + port), run.err());
    }

    @Test
    void usage_errors_exit_2_with_the_usage() {
        for (List<String> args : List.of(List.<String>of(), List.of("http://127.0.0.1:1", "--nope"),
                List.of("--contracts", "soap", "http://127.0.0.1:1"), List.of("ftp://127.0.0.1/"),
                List.of("http://127.0.0.1:1", "--level", "4"), List.of("http://127.0.0.1:1", "--token"))) {
            Run run = run(args.toArray(String[]::new));
            assertEquals(Main.UNUSABLE, run.exit(), args.toString());
            assertTrue(run.err().startsWith("validate-contract: "), run.err());
            assertTrue(run.err().contains("usage: java -jar validate-contract.jar URL"), run.err());
        }
    }

    @Test
    void the_summary_line_counts_rules_and_requests() throws Exception {
        try (FakeServer adapter = new FakeServer(MainTest::runTaskAdapter)) {
            Run run = run(adapter.url(), "--contracts", "run-task");
            List<String> lines = run.out().lines().toList();
            assertTrue(lines.get(lines.size() - 1).matches("9 rules: 8 passed, 0 failed, 1 skipped; \\d+ requests "
                    + "in [0-9.,]+ s"), lines.get(lines.size() - 1));
        }
    }

    @Test
    void the_json_report_holds_every_result_and_the_summary() throws Exception {
        Path file = dir.resolve("report.json");
        try (FakeServer adapter = new FakeServer(MainTest::runTaskAdapter)) {
            assertEquals(Main.PASSED, run(adapter.url(), "--report-json", file.toString()).exit());
        }
        JsonNode report = MAPPER.readTree(file.toFile());
        assertTrue(report.get("detected").asBoolean());
        JsonNode runTask = null;
        for (JsonNode detection : report.get("detections")) {
            if (detection.get("contract").asText().equals("run-task")) {
                runTask = detection;
            }
        }
        assertTrue(runTask != null && runTask.get("found").asBoolean(), report.toString());
        JsonNode results = report.get("results");
        assertEquals(9, results.size());
        assertEquals("4.1", results.get(0).get("number").asText());
        assertEquals("run_task_accepts_the_runtime_request", results.get(0).get("name").asText());
        assertEquals("PASS", results.get(0).get("outcome").asText());
        assertEquals("", results.get(0).get("reason").asText());
        JsonNode summary = report.get("summary");
        assertEquals(9, summary.get("rules").asInt());
        assertEquals(1, summary.get("skipped").asInt());
        assertEquals(0, summary.get("failed").asInt());
        assertEquals(0, summary.get("exitCode").asInt());
        assertTrue(summary.get("requests").asInt() > 0);
    }

    @Test
    void the_junit_report_has_a_suite_per_contract_and_a_case_per_rule() throws Exception {
        Path file = dir.resolve("report.xml");
        try (FakeServer adapter = new FakeServer(call -> call.body().contains("runtime_token")
                ? Reply.json(200, "{\"echo\":\"" + call.body().replace('"', '\'') + "\"}") : runTaskAdapter(call))) {
            assertEquals(Main.FAILED, run(adapter.url(), "--contracts", "run-task", "--report-junit",
                    file.toString()).exit());
        }
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        Element root = xml.getDocumentElement();
        assertEquals("testsuites", root.getTagName());
        assertEquals("9", root.getAttribute("tests"));
        assertEquals("1", root.getAttribute("failures"));
        assertEquals("1", root.getAttribute("skipped"));
        NodeList suites = root.getElementsByTagName("testsuite");
        assertEquals(1, suites.getLength());
        assertEquals("run-task", ((Element) suites.item(0)).getAttribute("name"));
        NodeList cases = root.getElementsByTagName("testcase");
        assertEquals(9, cases.getLength());
        Element failed = (Element) root.getElementsByTagName("failure").item(0);
        assertEquals("8.2 run_task_never_echoes_a_runtime_token", ((Element) failed.getParentNode())
                .getAttribute("name"));
        assertTrue(failed.getAttribute("message").contains("answered with that token"));
    }

    @Test
    void list_prints_every_rule_id_without_a_server() {
        Run run = run("--list");
        assertEquals(Main.PASSED, run.exit());
        List<String> ids = run.out().lines().toList();
        assertTrue(ids.contains("agentbreeder 1.1 health_answers_200_with_a_status"), run.out());
        assertTrue(ids.contains("run-task 8.2 run_task_never_echoes_a_runtime_token"), run.out());
        Set<String> unique = new HashSet<>(ids);
        assertEquals(ids.size(), unique.size(), "ids repeat: " + run.out());
        for (String id : ids) {
            assertTrue(id.matches("(agentbreeder|daedalus|a2a|mcp|agentcore|run-task) [A-Za-z0-9.]+ [a-z0-9_]+"), id);
        }
    }

    // ---- the fakes ------------------------------------------------------------------------------------------------

    /** A /run-task adapter that keeps the contract: a text answer for a task, the failure shape for a bad one. */
    private static Reply runTaskAdapter(Call call) {
        if (!call.method().equals("POST") || !call.path().equals("/run-task")) {
            return new Reply(404, "text/plain", "not found");
        }
        try {
            JsonNode task = MAPPER.readTree(call.body());
            if (task != null && task.at("/input/text").isTextual()) {
                return Reply.json(200, "{\"success\":true,\"output\":{\"text\":\"done\"}}");
            }
        } catch (java.io.IOException e) {
            // answered below as a bad task
        }
        return Reply.json(400, "{\"success\":false,\"error\":\"the task has no input.text\"}");
    }

    /** A web page at every path, whatever the method. */
    private static Reply webPage(Call call) {
        return new Reply(200, "text/html", "<html><body>a web page</body></html>");
    }

    private static void assertNoStackTrace(Run run) {
        String all = run.out() + run.err();
        assertFalse(all.contains("\tat ") || all.contains("Exception"), all);
    }

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
