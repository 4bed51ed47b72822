package dev.agentport.mcp;

import dev.agentport.session.McpReplies;
import dev.agentport.session.McpSessionStore;
import dev.agentport.auth.BearerAuth;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.face.Face;
import dev.agentport.face.FaceContext;
import dev.agentport.face.FaceRoutes;
import dev.agentport.plugin.Plugins;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The agent as an MCP server (the Pallas interface) over Streamable HTTP: {@code /mcp} serves the tools
 * {@code send_message} and {@code get_health} (and any {@link McpExtension}'s), {@code /.well-known/mcp/server.json}
 * the registry document. {@code /mcp} is wrapped by the Host and Origin check, then the bearer check; the registry
 * document stays open.
 */
public final class McpFace implements Face {

    public static final String NAME = "mcp";
    public static final String ENDPOINT = "/mcp";

    private static final ClassLoader LOADER = McpFace.class.getClassLoader();

    private final McpSettings settings;
    private final McpSessionStore sessions;
    private final DownstreamProbe probe;
    private final List<McpExtension> extensions;
    private final McpReplies replies;
    private final byte[] stateKey;

    /**
     * The face as {@link java.util.ServiceLoader} makes it: plug-ins from the class path; its settings and
     * {@code AGENT_MCP_STATE_KEY} are parsed from the server's settings when it is mounted.
     */
    public McpFace() {
        this.settings = null;
        this.sessions = null;
        this.probe = Plugins.first(DownstreamProbe.class, LOADER);
        this.extensions = Plugins.all(McpExtension.class, LOADER);
        this.replies = null;
        this.stateKey = null;
    }

    /**
     * @param sessions   where sessions live, or {@code null} for the server's state stores ({@code AGENT_STATE_STORE})
     * @param probe      how downstream servers are probed, or {@code null} for the JDK's HTTP client
     * @param extensions more tools and methods to serve
     */
    public McpFace(McpSettings settings, McpSessionStore sessions, DownstreamProbe probe,
                   List<McpExtension> extensions) {
        this(settings, sessions, probe, extensions, null, RequestState.keyFromEnvironment(Map.of()));
    }

    /**
     * @param replies  where the client's answers to the tools' requests meet them, or {@code null} for the server's
     *                 state stores ({@code AGENT_STATE_STORE})
     * @param stateKey the key that signs 2026-07-28 {@code requestState}s ({@code AGENT_MCP_STATE_KEY})
     */
    public McpFace(McpSettings settings, McpSessionStore sessions, DownstreamProbe probe,
                   List<McpExtension> extensions, McpReplies replies, byte[] stateKey) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sessions = sessions;
        this.probe = probe;
        this.extensions = List.copyOf(extensions);
        this.replies = replies;
        this.stateKey = stateKey.clone();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void mount(FaceContext context) {
        McpSettings mcp = settings != null ? settings : McpSettings.from(context.settings());
        byte[] key = stateKey != null ? stateKey : RequestState.key(context.settings());
        McpSessionStore store = sessions != null ? sessions : context.stores().mcpSessions();
        McpReplies answers = replies != null ? replies : context.stores().mcpReplies();
        DownstreamHealth downstream = new DownstreamHealth(mcp.downstream(),
                probe != null ? probe : new JdkDownstreamProbe(!mcp.downstream().isEmpty()), mcp.probeTimeout(),
                mcp.healthBudget());
        List<McpTool> own = List.of(
                new SendMessageTool(context.runs(), context.lifecycle(), context.descriptor().name(),
                        context.descriptor().description()),
                new GetHealthTool(context.lifecycle(), downstream));
        McpServer server = new McpServer(context.descriptor(), mcp.stateful(), store, own, extensions, answers,
                new RequestState(key, Clock.systemUTC()), context.runs(), context.stores().mcpTasks(),
                context.leases(), context.lifecycle());
        McpScopes scopes = new McpScopes(mcp.stateful(), store);

        BearerAuth auth = new BearerAuth(new BearerTokenCheck(context.config().authToken()), McpFallbacks::refuse);
        HostCheck hosts = new HostCheck(mcp.allowedHosts(), context.config().publicUrl());
        FaceRoutes routes = context.routes(new McpFallbacks());
        routes.post(ENDPOINT, hosts.around(auth.around(
                new McpEndpoint(server, scopes, context.config().maxBodyBytes()))));
        routes.route("DELETE", ENDPOINT, hosts.around(auth.around(new SessionEnd(mcp.stateful(), store))));
        routes.get(RegistryDocument.PATH, new RegistryDocument(context.descriptor(), mcp,
                context.config().publicUrl()));
    }

}
