package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code AGENT_RUN_TIMEOUT_SECONDS} by default is 0 (only the platform's deadline) or shorter than every function's
 * and service's timeout: then a run past it ends with the contract's 504 instead of the platform cutting the request
 * off without an answer. Terraform also refuses other values before it deploys (a precondition naming both variables).
 */
final class RunTimeouts {

    private RunTimeouts() {
    }

    static List<String> sam(JsonNode template) {
        List<String> problems = new ArrayList<>();
        int run = template.at("/Parameters/AgentRunTimeoutSeconds/Default").asInt(-1);
        template.path("Resources").properties().forEach(resource -> {
            if (!resource.getValue().path("Type").asText().equals("AWS::Serverless::Function")) {
                return;
            }
            JsonNode timeout = resource.getValue().at("/Properties/Timeout");
            if (timeout.isMissingNode()) {
                timeout = template.at("/Globals/Function/Timeout");
            }
            if (timeout.has("Ref")) {
                timeout = template.at("/Parameters/" + timeout.get("Ref").asText() + "/Default");
            }
            compare(run, timeout.asInt(3), resource.getKey(), problems);
        });
        return problems;
    }

    /**
     * {@code timeouts} names the attribute holding each function's timeout in seconds, as {@code type.name/pointer};
     * its value must be {@code ${var.x}} or {@code ${var.x}s}.
     */
    static List<String> terraform(TerraformModule module, List<String> timeouts) {
        List<String> problems = new ArrayList<>();
        int run = Integer.parseInt(module.variableDefault("agent_run_timeout_seconds"));
        for (String attribute : timeouts) {
            String[] parts = attribute.split("/", 2);
            String[] address = parts[0].split("\\.");
            JsonNode resource = module.resource(address[0], address[1]);
            String variable = resource.at("/" + parts[1]).asText().replaceAll("^\\$\\{var\\.(\\w+)}s?$", "$1");
            compare(run, Integer.parseInt(module.variableDefault(variable)), parts[0], problems);
            String precondition = resource.at("/lifecycle/0/precondition/0/condition").asText();
            if (!precondition.contains("var.agent_run_timeout_seconds") || !precondition.contains("var." + variable)) {
                problems.add(parts[0] + " has no precondition comparing agent_run_timeout_seconds with " + variable);
            }
        }
        return problems;
    }

    private static void compare(int run, int timeout, String function, List<String> problems) {
        if (run != 0 && run >= timeout) {
            problems.add("the run timeout " + run + " s is not shorter than " + function + "'s timeout " + timeout + " s");
        }
    }
}
