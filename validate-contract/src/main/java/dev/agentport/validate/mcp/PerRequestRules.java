package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Request;

/**
 * 2026-07-28 (section 6), checked when the server speaks it: no {@code initialize}, the version and the client's
 * capabilities in each request's {@code _meta}, mirrored in headers the server must check against the body (400 with
 * -32020), {@code server/discover}, {@code resultType} on results, -32022 listing the versions it speaks, and 404 for
 * a method it does not have.
 */
final class PerRequestRules {

    private static final String V = Messages.V2026_07_28;
    private static final int HEADER_MISMATCH = -32020;

    private PerRequestRules() {
    }

    /** The {@code server/discover} result, asked once per run; skips when the server does not speak 2026-07-28. */
    static JsonNode discover(Probe probe) {
        return probe.remember("mcp.discover", () -> {
            String id = Messages.nextId();
            Reply reply = send(probe, "server/discover", PerRequest.post(Endpoint.of(probe).path(),
                    PerRequest.message(id, "server/discover", Messages.object(), V)));
            for (JsonNode message : reply.messages()) {
                if (Reply.isResponse(message) && message.path("result").isObject()) {
                    return message.get("result");
                }
            }
            JsonNode error = reply.error();
            int code = error == null ? 0 : error.path("code").asInt();
            if (code == HEADER_MISMATCH || code == -32021) {
                throw new RuleFailed("server/discover, made as 2026-07-28 makes it, was refused with " + error);
            }
            throw Expect.skip("the server does not speak " + V + ": server/discover answered " + reply.status() + " "
                    + reply.answer().excerpt());
        });
    }

    static void serverDiscoverListsTheVersions(Probe probe) {
        JsonNode result = discover(probe);
        JsonNode versions = result.path("supportedVersions");
        Expect.that(versions.isArray(), "server/discover's result has no supportedVersions array: " + result);
        boolean listed = false;
        for (JsonNode version : versions) {
            listed |= V.equals(version.asText());
        }
        Expect.that(listed, "server/discover's supportedVersions do not list " + V + ": " + versions);
        Expect.that(result.path("capabilities").isObject(), "server/discover's result has no capabilities object: "
                + result);
    }

    static void resultsSayResultTypeComplete(Probe probe) {
        discover(probe);
        String id = Messages.nextId();
        JsonNode result = send(probe, "tools/list", post(probe, PerRequest.message(id, "tools/list",
                Messages.object(), V))).result(id);
        Expect.equal("complete", result.path("resultType").asText(null), "tools/list's resultType");
    }

    static void toolsCallNeedsNoInitialize(Probe probe) {
        discover(probe);
        String id = Messages.nextId();
        JsonNode result = send(probe, "tools/call get_health", post(probe, PerRequest.message(id, "tools/call",
                Messages.toolCall("get_health", Messages.object(), null), V))).result(id);
        Expect.that(result.path("content").isArray() && !result.path("isError").asBoolean(false),
                "tools/call get_health, with no initialize, did not answer the tool's content: " + result);
    }

    static void versionHeaderMustMatchTheMetaVersion(Probe probe) {
        discover(probe);
        ObjectNode message = PerRequest.message(Messages.nextId(), "tools/list", Messages.object(), V);
        headerMismatch(send(probe, "tools/list with MCP-Protocol-Version: " + Messages.V2025_11_25,
                PerRequest.post(Endpoint.of(probe).path(), message, Messages.V2025_11_25, "tools/list", null)));
    }

    static void missingMcpMethodHeaderIsAHeaderMismatch(Probe probe) {
        discover(probe);
        ObjectNode message = PerRequest.message(Messages.nextId(), "tools/list", Messages.object(), V);
        headerMismatch(send(probe, "tools/list without Mcp-Method",
                PerRequest.post(Endpoint.of(probe).path(), message, V, null, null)));
    }

    static void mcpNameMustNameTheTool(Probe probe) {
        discover(probe);
        ObjectNode message = PerRequest.message(Messages.nextId(), "tools/call",
                Messages.toolCall("get_health", Messages.object(), null), V);
        headerMismatch(send(probe, "tools/call get_health with Mcp-Name: " + ErrorRules.UNKNOWN_TOOL,
                PerRequest.post(Endpoint.of(probe).path(), message, V, "tools/call", ErrorRules.UNKNOWN_TOOL)));
    }

    static void unsupportedVersionIs32022ListingTheSupportedOnes(Probe probe) {
        discover(probe);
        String unknown = "2099-01-01";
        Reply reply = send(probe, "tools/list in version " + unknown, PerRequest.post(Endpoint.of(probe).path(),
                PerRequest.message(Messages.nextId(), "tools/list", Messages.object(), unknown)));
        expectError(reply, 400, -32022);
        JsonNode supported = reply.error().at("/data/supported");
        Expect.that(supported.isArray() && !supported.isEmpty(), reply.what()
                + "'s error does not list the supported versions in data.supported: " + reply.error());
    }

    static void unknownMethodIs404MethodNotFound(Probe probe) {
        discover(probe);
        Reply reply = send(probe, ErrorRules.UNKNOWN_METHOD, post(probe, PerRequest.message(Messages.nextId(),
                ErrorRules.UNKNOWN_METHOD, Messages.object(), V)));
        expectError(reply, 404, -32601);
    }

    private static Request.Builder post(Probe probe, ObjectNode message) {
        return PerRequest.post(Endpoint.of(probe).path(), message);
    }

    private static Reply send(Probe probe, String what, Request.Builder request) {
        return Reply.of(what + " (" + V + ", POST " + Endpoint.shown(Endpoint.of(probe).path()) + ")",
                probe.send(request));
    }

    private static void headerMismatch(Reply reply) {
        expectError(reply, 400, HEADER_MISMATCH);
    }

    private static void expectError(Reply reply, int status, int code) {
        Expect.that(reply.status() == status, reply.what() + " answered " + reply.status() + ", expected " + status
                + ": " + reply.answer().excerpt());
        Expect.equal(code, reply.errorCode(), reply.what() + "'s error code");
    }
}
