package dev.agentport.playground;

import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;

/**
 * A playground file served from its first request on: read from the jar and hashed for its entity tag then, not at
 * start-up, which needs neither (reading and hashing the three files cost a start several milliseconds). Start-up only
 * checks that the file is in the jar ({@link #checkPresent()}), which reads nothing.
 */
final class LazyAsset implements Handler {

    private final String path;
    private final String resource;
    private final String contentType;
    private volatile PlaygroundAsset read;

    LazyAsset(String path, String resource, String contentType) {
        this.path = path;
        this.resource = resource;
        this.contentType = contentType;
    }

    String path() {
        return path;
    }

    /** Stops start-up when the file is missing from the jar; looks the file up without reading or hashing it. */
    void checkPresent() {
        if (PlaygroundAsset.class.getResource(resource) == null) {
            throw PlaygroundAsset.missing(resource);
        }
    }

    /** Whether a request has read the file yet. */
    boolean isRead() {
        return read != null;
    }

    /** The file as read from the jar; two first requests at once may both read it, and keep the same bytes. */
    PlaygroundAsset read() {
        PlaygroundAsset asset = read;
        if (asset == null) {
            asset = PlaygroundAsset.load(path, resource, contentType);
            read = asset;
        }
        return asset;
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        return read().handle(request);
    }
}
