package dev.agentport.parity.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static dev.agentport.parity.fuzz.HostileValues.pick;

/**
 * The seeded generator: request {@code index} of seed {@code seed} is always the same bytes, whatever ran before
 * it, so a failure is reproduced from the two numbers alone. Most requests are a valid request of some face with one
 * to three mutations of its body, its HTTP envelope or both; some are random JSON-RPC; a few stay valid.
 */
public final class HostileRequests {

    private final long seed;
    private final String host;
    private final String token;
    private final boolean local;
    private final List<Template> templates;

    public HostileRequests(long seed, String host, String token, boolean local) {
        this.seed = seed;
        this.host = host;
        this.token = token;
        this.local = local;
        this.templates = ValidRequests.all(token, local);
    }

    public HostileRequest get(int index) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
        Template template = pick(random, templates);
        List<String> applied = new ArrayList<>();
        Draft draft = new Draft(template, host);
        int kind = random.nextInt(20);
        if (kind < 2) {
            randomJsonRpc(random, draft, applied);
        } else if (kind < 10) {
            mutateBody(random, draft, template, applied);
        } else if (kind < 15) {
            mutateEnvelope(random, draft, applied);
        } else if (kind < 19) {
            mutateBody(random, draft, template, applied);
            mutateEnvelope(random, draft, applied);
        } else {
            applied.add("unchanged");
        }
        return new HostileRequest(seed, index, template.name(), List.copyOf(applied), draft.method,
                owner(draft, applied), draft.render(), draft.endsSending());
    }

    private void randomJsonRpc(SplittableRandom random, Draft draft, List<String> applied) {
        draft.method = "POST";
        draft.target = pick(random, List.of("/a2a", "/", "/mcp"));
        draft.set("Content-Type", "application/json");
        draft.set("Authorization", "Bearer " + token);
        if (draft.target.equals("/mcp")) {
            draft.set("Accept", ValidRequests.MCP_ACCEPT);
            if (random.nextBoolean()) {
                draft.set("MCP-Protocol-Version", pick(random, ValidRequests.MCP_VERSIONS));
            }
            if (random.nextBoolean()) {
                draft.set("Mcp-Method", pick(random, RandomJsonRpc.METHODS));
            }
        } else if (random.nextBoolean()) {
            draft.set("A2A-Version", pick(random, List.of("1.0", "0.3", "1.0.1", "2.0", "")));
        }
        if (random.nextInt(3) == 0) {
            draft.set("A2A-Extensions", ValidRequests.AION);
        }
        draft.body = RandomJsonRpc.message(random).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        applied.add("random JSON-RPC on " + draft.target);
    }

    private static void mutateBody(SplittableRandom random, Draft draft, Template template, List<String> applied) {
        if (template.body() == null) {
            draft.body = HostileValues.anyValue(random).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            applied.add("a body on " + template.method());
            return;
        }
        JsonMutations json = new JsonMutations(random, template.body(), applied);
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
            json.mutate();
        }
        draft.body = json.bytes();
        if (random.nextInt(3) == 0) {
            draft.body = JsonMutations.mutateBytes(random, draft.body, applied);
        }
    }

    private void mutateEnvelope(SplittableRandom random, Draft draft, List<String> applied) {
        int count = 1 + random.nextInt(2);
        for (int i = 0; i < count; i++) {
            HttpMutations.mutate(random, draft, token, applied);
        }
    }

    private Owner owner(Draft draft, List<String> applied) {
        boolean httpLayer = applied.stream().anyMatch(m -> m.startsWith("version") || m.startsWith("framing")
                || m.startsWith("header line") || m.startsWith("broken request line") || m.startsWith("LF line")
                || m.contains("-byte header") || m.contains("Host") || m.contains("stray headers")
                || m.startsWith("Expect") || m.startsWith("Content-Encoding") || m.startsWith("TE:")
                || m.startsWith("Upgrade") || m.startsWith("Expect"));
        boolean oddTarget = !draft.target.matches("/[A-Za-z0-9/._:-]*(\\?[A-Za-z0-9=&._-]*)?") || draft.target.contains("..")
                || draft.target.contains("//") || draft.target.length() > 4_096;
        boolean oddHeaderBytes = draft.headers.stream().anyMatch(header -> (header.name() + header.value()).chars()
                .anyMatch(c -> c < 0x20 && c != '\t' || c > 0x7E));
        return httpLayer || oddTarget || oddHeaderBytes ? Owner.HTTP_LAYER : Owner.of(draft.target, local);
    }
}
