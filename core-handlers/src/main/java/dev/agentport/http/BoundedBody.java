package dev.agentport.http;

import java.io.IOException;
import java.io.InputStream;

/** How adapters read a request body without ever holding more than the limit. */
public final class BoundedBody {

    private BoundedBody() {
    }

    /**
     * Reads at most {@code maxBodyBytes + 1} bytes, so the core can tell an over-long body without holding it.
     *
     * @param declaredLength the request's Content-Length, or a negative number when it has none (chunked); a declared
     *                       length within the limit is read in one exact-sized allocation
     */
    public static byte[] read(InputStream in, long declaredLength, int maxBodyBytes) throws IOException {
        int limit = maxBodyBytes + 1;
        if (declaredLength >= 0 && declaredLength < limit) {
            return in.readNBytes((int) declaredLength);
        }
        return in.readNBytes(limit);
    }
}
