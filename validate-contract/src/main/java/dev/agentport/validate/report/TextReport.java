package dev.agentport.validate.report;

import dev.agentport.validate.Detection;
import dev.agentport.validate.Outcome;
import dev.agentport.validate.Report;
import dev.agentport.validate.Result;

import java.io.PrintStream;

/** The report as people read it: what was detected, one line per rule, then a summary. */
public final class TextReport {

    private TextReport() {
    }

    public static void print(Report report, PrintStream out) {
        out.println("validate-contract " + report.url());
        if (report.detected()) {
            for (Detection detection : report.detections()) {
                out.println((detection.found() ? "  found      " : "  not found  ") + detection.contract().cliName()
                        + ": " + detection.evidence());
            }
        }
        for (Result result : report.results()) {
            StringBuilder line = new StringBuilder();
            line.append(result.outcome()).append("  ").append(result.rule().id());
            if (result.outcome() != Outcome.PASS) {
                line.append(" -- ").append(result.reason());
            }
            out.println(line);
        }
        if (report.nothingServed()) {
            out.println("FAIL: the server speaks none of the contracts"
                    + (report.detected() ? " (see above)" : " asked for") + ".");
        }
        out.printf("%d rules: %d passed, %d failed, %d skipped; %d requests in %.1f s%n", report.results().size(),
                report.count(Outcome.PASS), report.count(Outcome.FAIL), report.count(Outcome.SKIP), report.requests(),
                report.millis() / 1000.0);
    }
}
