package dev.agentport.validate.report;

import dev.agentport.validate.Contract;
import dev.agentport.validate.Outcome;
import dev.agentport.validate.Report;
import dev.agentport.validate.Result;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The report as JUnit XML: one test suite per contract, one test case per rule, as CI systems read it. */
public final class JunitReport {

    private JunitReport() {
    }

    public static void write(Report report, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            write(report, out);
        } catch (XMLStreamException e) {
            throw new IOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    public static void write(Report report, OutputStream out) throws XMLStreamException {
        Map<Contract, List<Result>> byContract = report.results().stream().collect(
                Collectors.groupingBy(result -> result.rule().contract(), LinkedHashMap::new, Collectors.toList()));
        XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeStartElement("testsuites");
        xml.writeAttribute("name", "validate-contract " + report.url());
        xml.writeAttribute("tests", String.valueOf(report.results().size()));
        xml.writeAttribute("failures", String.valueOf(report.count(Outcome.FAIL)));
        xml.writeAttribute("skipped", String.valueOf(report.count(Outcome.SKIP)));
        xml.writeAttribute("time", seconds(report.millis()));
        for (Map.Entry<Contract, List<Result>> suite : byContract.entrySet()) {
            List<Result> results = suite.getValue();
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", suite.getKey().cliName());
            xml.writeAttribute("tests", String.valueOf(results.size()));
            xml.writeAttribute("failures", String.valueOf(count(results, Outcome.FAIL)));
            xml.writeAttribute("skipped", String.valueOf(count(results, Outcome.SKIP)));
            xml.writeAttribute("errors", "0");
            for (Result result : results) {
                xml.writeStartElement("testcase");
                xml.writeAttribute("classname", "validate-contract." + suite.getKey().cliName());
                xml.writeAttribute("name", result.rule().number() + " " + result.rule().name());
                xml.writeAttribute("time", seconds(result.millis()));
                if (result.outcome() != Outcome.PASS) {
                    xml.writeStartElement(result.outcome() == Outcome.FAIL ? "failure" : "skipped");
                    xml.writeAttribute("message", result.reason());
                    xml.writeEndElement();
                }
                xml.writeEndElement();
            }
            xml.writeEndElement();
        }
        xml.writeEndElement();
        xml.writeEndDocument();
        xml.close();
    }

    private static long count(List<Result> results, Outcome outcome) {
        return results.stream().filter(result -> result.outcome() == outcome).count();
    }

    private static String seconds(long millis) {
        return String.format(java.util.Locale.ROOT, "%.3f", millis / 1000.0);
    }
}
