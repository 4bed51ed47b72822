package dev.agentport.langchain4j;

import dev.agentport.agent.AgentException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.exception.UnresolvedModelServerException;

import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;

/**
 * What a failed model call tells the caller and the log: one sentence naming the provider and what went wrong, with
 * the HTTP status when there was one. The provider's exception is not kept as the cause: its message is the
 * provider's raw body, which may quote the request, the key included, and the engine logs a failure's causes.
 */
final class ProviderFailures {

    private ProviderFailures() {
    }

    static AgentException of(String provider, Throwable error) {
        String what = "the model provider " + provider + " ";
        HttpException http = find(error, HttpException.class);
        if (http != null) {
            return new AgentException(what + answered(http.statusCode()));
        }
        if (find(error, TimeoutException.class) != null || find(error, HttpTimeoutException.class) != null) {
            return new AgentException(what + "did not answer in time");
        }
        if (find(error, ConnectException.class) != null || find(error, UnresolvedAddressException.class) != null
                || find(error, UnresolvedModelServerException.class) != null) {
            return new AgentException(what + "could not be reached");
        }
        return new AgentException(what + "failed (" + error.getClass().getSimpleName() + ")");
    }

    private static String answered(int status) {
        String meaning = switch (status) {
            case 401, 403 -> "refused the API key";
            case 404 -> "does not know the model";
            case 408 -> "did not answer in time";
            case 429 -> "is rate limiting or out of quota";
            default -> status >= 500 ? "failed" : "refused the request";
        };
        return meaning + " (HTTP " + status + ")";
    }

    private static <T extends Throwable> T find(Throwable error, Class<T> type) {
        for (Throwable at = error; at != null; at = at.getCause() == at ? null : at.getCause()) {
            if (type.isInstance(at)) {
                return type.cast(at);
            }
        }
        return null;
    }
}
