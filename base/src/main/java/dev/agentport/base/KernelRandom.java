package dev.agentport.base;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * Random bytes from the operating system's generator: {@code /dev/urandom} read straight where there is one, else
 * SecureRandom's non-blocking source (Windows). Read straight rather than through {@code NativePRNGNonBlocking}, which
 * reads the same device and then mixes every byte with a SHA1PRNG of its own: a 4 KiB block cost 53 to 78 µs that way
 * against 7 to 15 µs read straight (2 shared cores, JDK 25). The kernel's generator never blocks once seeded at boot,
 * and a process restored from a snapshot reads new bytes from it, as from SecureRandom.
 */
final class KernelRandom {

    private static final String DEVICE = "/dev/urandom";

    private final InputStream device;
    private final SecureRandom fallback;

    private KernelRandom(InputStream device, SecureRandom fallback) {
        this.device = device;
        this.fallback = fallback;
    }

    /** The device when it can be opened, else SecureRandom. */
    static KernelRandom open() {
        try {
            return new KernelRandom(new FileInputStream(DEVICE), null);
        } catch (IOException | SecurityException noDevice) {
            return new KernelRandom(null, secureRandom());
        }
    }

    /** Fills {@code bytes}. */
    void nextBytes(byte[] bytes) {
        if (device != null) {
            try {
                if (device.readNBytes(bytes, 0, bytes.length) == bytes.length) {
                    return;
                }
            } catch (IOException unreadable) {
                // falls through to SecureRandom, which draws from the operating system too
            }
        }
        (fallback != null ? fallback : Fallback.SOURCE).nextBytes(bytes);
    }

    private static SecureRandom secureRandom() {
        try {
            return SecureRandom.getInstance("NativePRNGNonBlocking");
        } catch (NoSuchAlgorithmException notOnThisPlatform) {
            return new SecureRandom(); // Windows: its default source does not block either
        }
    }

    /** Made only if the device fails after it was opened. */
    private static final class Fallback {
        static final SecureRandom SOURCE = secureRandom();
    }
}
