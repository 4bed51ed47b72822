package dev.agentport.playground;

import dev.agentport.http.Router;
import dev.agentport.runtime.Settings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * The playground: one page, {@code GET /playground}, from which a developer chats with the agent through any face,
 * watches its streams, answers its pauses and reads its documents. The page and its script and style are static files
 * of this jar that hold no data; everything the page shows comes from the faces' public endpoints, asked with the
 * token the user typed. Served only with {@code AGENT_PLAYGROUND=true}; otherwise its paths are unowned (404).
 */
public final class Playground {

    /** The setting that turns the playground on. */
    public static final String VARIABLE = "AGENT_PLAYGROUND";
    public static final String PATH = "/playground";

    private static final Logger LOG = LoggerFactory.getLogger(Playground.class);
    private static final String OWNER = "playground";
    /** The page and the two files it loads, as the page names them. */
    private static final List<LazyAsset> FILES = files();

    private Playground() {
    }

    /** Whether {@code AGENT_PLAYGROUND} is {@code true}; unset or empty is false, anything else stops start-up. */
    public static boolean enabled(Settings settings) {
        String value = settings.get(VARIABLE);
        if (value == null || value.isBlank()) {
            return false;
        }
        return switch (value.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(VARIABLE + " must be true or false, got '" + value.strip() + "'");
        };
    }

    /**
     * Adds the page and its assets to {@code routes}; a wrong method on them is answered by {@code fallbacks} (the
     * shape of paths no face owns).
     */
    public static void mount(Router.Builder routes, Router.Fallbacks fallbacks) {
        mount(routes, fallbacks, FILES);
    }

    /** Mounts {@code files}; one missing from the jar stops start-up here rather than failing its every request. */
    static void mount(Router.Builder routes, Router.Fallbacks fallbacks, List<LazyAsset> files) {
        for (LazyAsset asset : files) {
            asset.checkPresent();
        }
        for (LazyAsset asset : files) {
            routes.route(OWNER, fallbacks, "GET", asset.path(), asset);
        }
        LOG.info("the playground is served at {}", PATH);
    }

    /** The page and the two files it loads, as the page names them, none read yet. */
    static List<LazyAsset> files() {
        return List.of(
                new LazyAsset(PATH, "index.html", "text/html; charset=utf-8"),
                new LazyAsset(PATH + "/playground.js", "playground.js", "text/javascript; charset=utf-8"),
                new LazyAsset(PATH + "/playground.css", "playground.css", "text/css; charset=utf-8"));
    }

    /** The files, read from the jar. */
    static List<PlaygroundAsset> assets() {
        return FILES.stream().map(LazyAsset::read).toList();
    }
}
