package dev.agentport.mcp;

import java.net.URI;
import java.time.Duration;

/** A probe a {@code META-INF/services} file can name: every server is reachable. */
public final class WorkingProbe implements DownstreamProbe {

    @Override
    public Outcome probe(URI url, Duration timeout) {
        return Outcome.ok();
    }
}
