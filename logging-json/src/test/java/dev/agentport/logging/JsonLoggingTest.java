package dev.agentport.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonLoggingTest {

    @Test
    void each_event_is_one_json_object_per_line_with_severity_and_message() throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter()); // what SLF4J's Logback provider gives the real context
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            JsonLogging configurator = new JsonLogging();
            configurator.setContext(context);
            configurator.configure(context);
            context.start();
            context.getLogger("dev.agentport.test").warn("the agent said {}", "hello");
            context.getLogger("dev.agentport.test").info("second line");
        } finally {
            context.stop();
            System.setOut(original);
        }
        String[] lines = captured.toString(StandardCharsets.UTF_8).strip().split("\n");
        assertEquals(2, lines.length, captured.toString(StandardCharsets.UTF_8));
        JsonNode first = new ObjectMapper().readTree(lines[0]);
        assertEquals("the agent said hello", first.get("message").asText());
        assertEquals("WARN", first.get("severity").asText());
        assertEquals("dev.agentport.test", first.get("logger_name").asText());
        assertTrue(first.has("time"));
    }

    @Test
    void key_value_pairs_of_an_event_become_fields_of_its_line() throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            JsonLogging configurator = new JsonLogging();
            configurator.setContext(context);
            configurator.configure(context);
            context.start();
            context.getLogger("dev.agentport.access").atInfo().addKeyValue("status", 200)
                    .addKeyValue("path", "/invoke").log("POST /invoke 200");
        } finally {
            context.stop();
            System.setOut(original);
        }
        JsonNode line = new ObjectMapper().readTree(captured.toString(StandardCharsets.UTF_8).strip());
        assertEquals(200, line.get("status").asInt());
        assertEquals("/invoke", line.get("path").asText());
    }

    @Test
    void the_mdc_s_trace_id_and_request_id_become_fields_of_each_line() throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        LoggerContext context = new LoggerContext();
        LogbackMDCAdapter mdc = new LogbackMDCAdapter();
        context.setMDCAdapter(mdc);
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            JsonLogging configurator = new JsonLogging();
            configurator.setContext(context);
            configurator.configure(context);
            context.start();
            mdc.put("trace_id", "4bf92f3577b34da6a3ce929d0e0e4736");
            mdc.put("request_id", "req-42");
            context.getLogger("dev.agentport.test").info("inside a request");
        } finally {
            mdc.clear();
            context.stop();
            System.setOut(original);
        }
        JsonNode line = new ObjectMapper().readTree(captured.toString(StandardCharsets.UTF_8).strip());
        assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", line.get("trace_id").asText());
        assertEquals("req-42", line.get("request_id").asText());
    }
}
