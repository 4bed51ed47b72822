package dev.agentport.lambda.launch;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The streaming zip's entry point: runs a main class of the function's jars through a class loader of its own, as the
 * runtime interface client loads the managed function. The class data sharing archive that the bundled JRE ships
 * finds classes loaded this way by name and class-file checksum, wherever the zip is unpacked and whatever time stamps
 * its files got; classes on the JVM's class path would be matched by their jar's path, size and modification time.
 * So this class is alone on the class path, in the zip's {@code launch/} folder (the JVM archives no class from a
 * folder), and the function's jars are not on it.
 *
 * <p>Arguments: where the jars are (jars and folders of jars, separated by {@link File#pathSeparator}; a folder's
 * jars in lexical order), the main class, then that class's own arguments.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length < 2) {
            System.err.println("usage: Launcher JARS MAIN_CLASS [ARGS...]");
            System.exit(2);
        }
        URLClassLoader function = new URLClassLoader("function", jars(args[0]), ClassLoader.getSystemClassLoader());
        Thread.currentThread().setContextClassLoader(function); // where ServiceLoader looks for agents and faces
        try {
            Class.forName(args[1], true, function).getMethod("main", String[].class)
                    .invoke(null, (Object) Arrays.copyOfRange(args, 2, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    static URL[] jars(String path) throws java.net.MalformedURLException {
        List<URL> urls = new ArrayList<>();
        for (String entry : path.split(File.pathSeparator)) {
            File file = new File(entry);
            File[] inside = file.listFiles();
            if (inside == null) {
                urls.add(file.toURI().toURL());
                continue;
            }
            Arrays.sort(inside);
            for (File jar : inside) {
                if (jar.getName().endsWith(".jar")) {
                    urls.add(jar.toURI().toURL());
                }
            }
        }
        return urls.toArray(new URL[0]);
    }
}
