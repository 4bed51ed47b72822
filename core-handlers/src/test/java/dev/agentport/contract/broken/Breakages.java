package dev.agentport.contract.broken;

import java.util.ArrayList;
import java.util.List;

import static dev.agentport.contract.broken.Changes.status;

/** Every deliberate defect, each breaking exactly one rule of the validate-contract command. */
public final class Breakages {

    private Breakages() {
    }

    public static List<Breakage> all() {
        List<Breakage> all = new ArrayList<>();
        all.addAll(agentBreeder());
        all.addAll(McpBreakages.all());
        return all;
    }

    static List<Breakage> agentBreeder() {
        return List.of(
                Breakage.of("agentbreeder 1.1 health_answers_200_with_a_status", "GET", "/health",
                        Changes.json(body -> body.remove("status"))),
                new Breakage("agentbreeder 2.1 invoke_without_a_token_is_401",
                        request -> request.path().equals("/invoke") && request.headers().stream()
                                .noneMatch(header -> header.getKey().equalsIgnoreCase("Authorization")),
                        status(403)));
    }
}
