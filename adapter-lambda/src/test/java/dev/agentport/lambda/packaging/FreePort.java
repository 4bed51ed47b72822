package dev.agentport.lambda.packaging;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Prints a loopback port free at this moment. The streaming zip's training run serves the runtime interface client's
 * Runtime API on it, and the client reads that address from {@code AWS_LAMBDA_RUNTIME_API} as its JVM starts, so the
 * build chooses the port before it starts that JVM.
 *
 * <p>Run as a source file ({@code java FreePort.java}), so it needs nothing but the JDK.
 */
public final class FreePort {

    private FreePort() {
    }

    public static void main(String[] args) throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            System.out.println(socket.getLocalPort());
        }
    }
}
