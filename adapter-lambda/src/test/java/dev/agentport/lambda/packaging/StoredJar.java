package dev.agentport.lambda.packaging;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Rewrites a jar with every entry stored instead of deflated, in the same order, with the same names, times and
 * checksums. The build runs it on the function jar after maven-shade-plugin made it: a class loader then reads each
 * class's bytes straight from the file instead of inflating them, which was about a seventh of a cold start's
 * main-thread time. The zips that carry the jar are deflated as a whole, and come out smaller than before.
 *
 * <p>Run as a source file ({@code java StoredJar.java JAR}), so it needs nothing but the JDK.
 */
public final class StoredJar {

    private StoredJar() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: StoredJar JAR");
            System.exit(2);
        }
        Path jar = Path.of(args[0]);
        Path stored = jar.resolveSibling(jar.getFileName() + ".stored");
        try (ZipFile in = new ZipFile(jar.toFile());
             ZipOutputStream out = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(stored)))) {
            for (ZipEntry entry : Collections.list(in.entries())) {
                ZipEntry copy = new ZipEntry(entry); // name, time, size and CRC of the uncompressed bytes
                copy.setMethod(ZipEntry.STORED);
                copy.setCompressedSize(entry.getSize());
                out.putNextEntry(copy);
                try (InputStream bytes = in.getInputStream(entry)) {
                    bytes.transferTo(out);
                }
                out.closeEntry();
            }
        }
        Files.move(stored, jar, StandardCopyOption.REPLACE_EXISTING);
    }
}
