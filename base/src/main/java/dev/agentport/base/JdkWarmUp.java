package dev.agentport.base;

import java.math.BigDecimal;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.text.SimpleDateFormat;
import java.util.Locale;

/**
 * Does the JDK's own first-use set-ups that a start needs, on a thread of their own, while the main thread loads and
 * builds the server or function: the locale data behind the first date format (Jackson's {@code ObjectMapper} makes
 * one when its class is initialised, and the JSON log encoder makes an {@code ObjectMapper}), {@link BigDecimal}'s
 * constants (Jackson's parser, and Helidon's reading of its service registry, whose weights are numbers), and, for
 * Lambda, the SHA-256 provider (bearer tokens). Only JDK classes: they load through the JDK's own class loaders,
 * which the runtime's class loader of a Lambda function (not parallel capable) does not lock. Whatever is not done
 * when the main thread gets there, the main thread does as before; nothing here is kept.
 */
public final class JdkWarmUp implements Runnable {

    private final boolean sha256;

    private JdkWarmUp(boolean sha256) {
        this.sha256 = sha256;
    }

    /** Starts the date format's and {@link BigDecimal}'s set-ups on a daemon thread and returns it at once. */
    public static Thread start() {
        return start(new JdkWarmUp(false));
    }

    /** As {@link #start()}, and the SHA-256 provider too: first thing in a Lambda cold start. */
    public static Thread startWithSha256() {
        return start(new JdkWarmUp(true));
    }

    private static Thread start(JdkWarmUp warmUp) {
        Thread thread = new Thread(warmUp, "jdk-warm-up");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    @Override
    public void run() {
        new SimpleDateFormat("EEE, dd MMM yyyy HH:mm:ss zzz", Locale.US); // Jackson's StdDateFormat's first one
        BigDecimal.ONE.signum();
        if (!sha256) {
            return;
        }
        try {
            MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException notOnThisPlatform) {
            // the main thread will meet it, and deal with it, where it needs the provider
        }
    }
}
