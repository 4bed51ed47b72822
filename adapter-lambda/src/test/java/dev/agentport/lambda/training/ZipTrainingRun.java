package dev.agentport.lambda.training;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The build's training run of the managed zip, run with {@code -XX:ArchiveClassesAtExit}: loads the function the way
 * the AWS runtime interface client does, with a {@link URLClassLoader} over the task root's folder and its
 * {@code lib/*.jar} in lexical order, child of the application class loader, then calls
 * {@code dev.agentport.lambda.ClassDataTraining.run()} inside it.
 *
 * <p>Those classes are archived as loaded by a user-defined class loader: the JVM finds them again by name and by
 * the bytes of their class file, whatever folder the zip was unpacked into and whatever class path the runtime
 * itself is started with. So the function's classes must never be on this JVM's class path, and neither may this
 * class be: a class archived from the class path ties the archive to that path (a runtime started with another class
 * path, as the runtime interface client is, then refuses the whole archive), and the JVM archives no class from a
 * folder. The build runs this file as a source file ({@code java ZipTrainingRun.java ...}), so it uses nothing but
 * the JDK; the compiler's classes that this loads end up in the archive too (about 10 MB of it).
 *
 * <p>Arguments: the task root (the zip's root folder as the build lays it out), then its {@code lib/} folder, which
 * holds the function jar. Exit code 0 when every primed request was answered 2xx.
 */
public final class ZipTrainingRun {

    private ZipTrainingRun() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: ZipTrainingRun TASK_ROOT LIB_DIR");
            System.exit(2);
        }
        List<URL> urls = new ArrayList<>();
        urls.add(new File(args[0]).toURI().toURL());
        File[] jars = new File(args[1]).listFiles((dir, name) -> name.endsWith(".jar"));
        if (jars == null || jars.length == 0) {
            System.err.println("ZipTrainingRun: no jars in " + args[1]);
            System.exit(2);
        }
        Arrays.sort(jars);
        for (File jar : jars) {
            urls.add(jar.toURI().toURL());
        }
        List<?> statuses;
        try (URLClassLoader function = new URLClassLoader(urls.toArray(URL[]::new),
                ClassLoader.getSystemClassLoader())) {
            Thread.currentThread().setContextClassLoader(function);
            statuses = (List<?>) Class.forName("dev.agentport.lambda.ClassDataTraining", true, function)
                    .getMethod("run").invoke(null);
        }
        boolean all2xx = !statuses.isEmpty() && statuses.stream().allMatch(status -> (Integer) status / 100 == 2);
        System.err.println("ZipTrainingRun: " + statuses.size() + " requests, statuses " + statuses);
        // exit, not return: the core's non-daemon threads would keep the JVM (and the archive's dump) waiting
        System.exit(all2xx ? 0 : 1);
    }
}
