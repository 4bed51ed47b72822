package dev.agentport.validate.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Detection;
import dev.agentport.validate.Outcome;
import dev.agentport.validate.Report;
import dev.agentport.validate.Result;

import java.io.IOException;
import java.nio.file.Path;

/** The report as JSON, for CI systems and scripts. */
public final class JsonReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {
    }

    public static ObjectNode of(Report report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("url", report.url());
        root.put("detected", report.detected());
        ArrayNode detections = root.putArray("detections");
        for (Detection detection : report.detections()) {
            detections.addObject()
                    .put("contract", detection.contract().cliName())
                    .put("found", detection.found())
                    .put("evidence", detection.evidence());
        }
        ArrayNode results = root.putArray("results");
        for (Result result : report.results()) {
            results.addObject()
                    .put("contract", result.rule().contract().cliName())
                    .put("number", result.rule().number())
                    .put("name", result.rule().name())
                    .put("outcome", result.outcome().name())
                    .put("reason", result.reason())
                    .put("millis", result.millis());
        }
        ObjectNode summary = root.putObject("summary");
        summary.put("rules", report.results().size());
        summary.put("passed", report.count(Outcome.PASS));
        summary.put("failed", report.count(Outcome.FAIL));
        summary.put("skipped", report.count(Outcome.SKIP));
        summary.put("requests", report.requests());
        summary.put("millis", report.millis());
        summary.put("exitCode", report.exitCode());
        return root;
    }

    public static void write(Report report, Path file) throws IOException {
        MAPPER.writeValue(file.toFile(), of(report));
    }
}
