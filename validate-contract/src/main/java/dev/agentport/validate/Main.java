package dev.agentport.validate;

import dev.agentport.validate.http.HttpTransport;
import dev.agentport.validate.http.Request;
import dev.agentport.validate.report.JsonReport;
import dev.agentport.validate.report.JunitReport;
import dev.agentport.validate.report.TextReport;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Arrays;

/** {@code java -jar validate-contract.jar URL [options]}: see {@link Options#USAGE}. */
public final class Main {

    /** Every rule checked passed. */
    public static final int PASSED = 0;
    /** A rule failed, or the URL serves none of the contracts. */
    public static final int FAILED = 1;
    /** The command line is wrong, or the URL cannot be reached. */
    public static final int UNUSABLE = 2;

    private Main() {
    }

    public static void main(String[] args) {
        // Rules about the Host header send one; the JDK's client refuses to unless told before it is first used.
        System.setProperty("jdk.httpclient.allowRestrictedHeaders", "host");
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            out.println(Options.USAGE);
            return PASSED;
        }
        if (Arrays.asList(args).contains("--list")) {
            list(out);
            return PASSED;
        }
        Options options;
        try {
            options = Options.parse(args);
        } catch (UsageError e) {
            err.println("validate-contract: " + e.getMessage());
            err.println(Options.USAGE);
            return UNUSABLE;
        }
        HttpTransport transport = new HttpTransport(options.url());
        try {
            transport.send(Request.get("/").build(), Duration.ofSeconds(10));
        } catch (IOException e) {
            err.println("validate-contract: cannot reach " + options.url() + ": " + Probe.describe(e));
            return UNUSABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNUSABLE;
        }
        Probe probe = new Probe(transport, options.token());
        Report report = Validator.standard().validate(options.url().toString(), probe, options.contracts(),
                options.settings());
        TextReport.print(report, out);
        try {
            if (options.reportJson() != null) {
                JsonReport.write(report, options.reportJson());
            }
            if (options.reportJunit() != null) {
                JunitReport.write(report, options.reportJunit());
            }
        } catch (IOException e) {
            err.println("validate-contract: could not write a report: " + e.getMessage());
            return UNUSABLE;
        }
        return report.exitCode();
    }

    /** Every rule's id, contract by contract, without contacting a server. */
    static void list(PrintStream out) {
        Validator validator = Validator.standard();
        for (Contract contract : Contract.values()) {
            for (Rule rule : validator.rules(contract, Settings.DEFAULTS)) {
                out.println(rule.id());
            }
        }
    }
}
