package dev.agentport.lambda;

import java.math.BigDecimal;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.text.SimpleDateFormat;
import java.util.Locale;

/**
 * Does the JDK's own first-use set-ups that a cold start needs, on a thread of their own, while the main thread loads
 * and builds the function: the locale data behind the first date format (Jackson's {@code ObjectMapper} makes one when
 * its class is initialised), {@link BigDecimal}'s constants (Jackson's parser), and the SHA-256 provider (bearer
 * tokens). They were about a sixth of the main thread's time before the first answer. Only JDK
 * classes: they load through the JDK's own class loaders, which the runtime's class loader of the function (not
 * parallel capable) does not lock. Whatever is not done when the main thread gets there, the main thread does as
 * before; nothing here is kept.
 */
public final class JdkWarmUp implements Runnable {

    private JdkWarmUp() {
    }

    /** Starts the warm-up on a daemon thread and returns at once: first thing in a cold start. */
    public static void start() {
        Thread thread = new Thread(new JdkWarmUp(), "jdk-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run() {
        new SimpleDateFormat("EEE, dd MMM yyyy HH:mm:ss zzz", Locale.US); // Jackson's StdDateFormat's first one
        BigDecimal.ONE.signum();
        try {
            MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException notOnThisPlatform) {
            // the main thread will meet it, and deal with it, where it needs the provider
        }
    }
}
