package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The Cloud Run container of terraform/gcp agrees with the image: its port is the one the image listens on
 * ({@code ENV PORT} and {@code EXPOSE} of the Dockerfile), it does not set {@code PORT} itself (Cloud Run sets it from
 * the port and rejects it as an env entry), and its startup and liveness probes ask that port for {@code /health}, the
 * open path that answers 200 once the agent is ready.
 */
final class CloudRunContainer {

    static final String HEALTH_PATH = "/health";

    private CloudRunContainer() {
    }

    static List<String> problems(TerraformModule gcp, Dockerfile image) {
        List<String> problems = new ArrayList<>();
        JsonNode container = gcp.resource("google_cloud_run_v2_service", "agent").at("/template/0/containers/0");
        String port = container.at("/ports/0/container_port").asText();
        String imagePort = image.finalStage().all("ENV").stream().map(Dockerfile.Instruction::arguments)
                .filter(env -> env.startsWith("PORT=")).map(env -> env.substring("PORT=".length()))
                .findFirst().orElse("(none)");
        if (!port.equals(imagePort)) {
            problems.add("container_port " + port + " is not the image's PORT " + imagePort);
        }
        if (image.finalStage().all("EXPOSE").stream().noneMatch(e -> e.arguments().equals(port))) {
            problems.add("the image does not EXPOSE container_port " + port);
        }
        for (JsonNode env : container.path("env")) {
            if (env.path("name").asText().equals("PORT")) {
                problems.add("the container sets PORT, which Cloud Run reserves and sets from container_port");
            }
        }
        for (String probe : List.of("startup_probe", "liveness_probe")) {
            JsonNode check = container.at("/" + probe + "/0");
            if (check.isMissingNode()) {
                problems.add("the container has no " + probe);
                continue;
            }
            JsonNode http = check.at("/http_get/0");
            String probePort = http.path("port").asText(port);
            if (!probePort.equals(port)) {
                problems.add(probe + " asks port " + probePort + ", but the server listens on " + port);
            }
            if (!http.path("path").asText().equals(HEALTH_PATH)) {
                problems.add(probe + " asks " + http.path("path").asText("(no http_get path)") + ", not " + HEALTH_PATH);
            }
        }
        return problems;
    }
}
