package dev.agentport.deploy;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The jib-maven-plugin block of adapter-helidon/pom.xml, with the pom's own {@code ${properties}} filled in.
 *
 * @param plugin     the {@code <plugin>} element
 * @param properties the pom's {@code <properties>}
 */
record JibConfig(Element plugin, Map<String, String> properties) {

    static final String POM = "adapter-helidon/pom.xml";
    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([\\w.-]+)}");

    static JibConfig read() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document pom = factory.newDocumentBuilder().parse(Repo.path(POM).toFile());
            Map<String, String> properties = new HashMap<>();
            for (Element props : children(pom.getDocumentElement(), "properties")) {
                NodeList list = props.getChildNodes();
                for (int i = 0; i < list.getLength(); i++) {
                    if (list.item(i) instanceof Element property) {
                        properties.put(property.getTagName(), property.getTextContent().strip());
                    }
                }
            }
            Element build = children(pom.getDocumentElement(), "build").getFirst();
            Element plugins = children(build, "plugins").getFirst();
            for (Element plugin : children(plugins, "plugin")) {
                if (text(plugin, "artifactId").equals("jib-maven-plugin")) {
                    return new JibConfig(plugin, properties);
                }
            }
            throw new AssertionError(POM + " has no jib-maven-plugin in build/plugins");
        } catch (AssertionError e) {
            throw e;
        } catch (Exception e) {
            throw new AssertionError("cannot read " + POM, e);
        }
    }

    /** The text at a slash-separated path below the plugin element, properties resolved; empty when absent. */
    Optional<String> value(String path) {
        Element current = plugin;
        for (String name : path.split("/")) {
            List<Element> found = children(current, name);
            if (found.isEmpty()) {
                return Optional.empty();
            }
            current = found.getFirst();
        }
        return Optional.of(resolve(current.getTextContent().strip()));
    }

    /** The texts of the repeated children at a path, e.g. {@code configuration/container/ports} → each port. */
    List<String> values(String path) {
        Element current = plugin;
        for (String name : path.split("/")) {
            List<Element> found = children(current, name);
            if (found.isEmpty()) {
                return List.of();
            }
            current = found.getFirst();
        }
        List<String> values = new ArrayList<>();
        NodeList list = current.getChildNodes();
        for (int i = 0; i < list.getLength(); i++) {
            if (list.item(i) instanceof Element element) {
                values.add(resolve(element.getTextContent().strip()));
            }
        }
        return values;
    }

    /** Each {@code configuration/from/platforms/platform} as {@code os/architecture}, in order. */
    List<String> platforms() {
        List<Element> configuration = children(plugin, "configuration");
        List<Element> from = configuration.isEmpty() ? List.of() : children(configuration.getFirst(), "from");
        List<Element> platforms = from.isEmpty() ? List.of() : children(from.getFirst(), "platforms");
        List<String> named = new ArrayList<>();
        if (platforms.isEmpty()) {
            return named;
        }
        for (Element platform : children(platforms.getFirst(), "platform")) {
            named.add(resolve(text(platform, "os")) + "/" + resolve(text(platform, "architecture")));
        }
        return named;
    }

    boolean has(String childName) {
        return !children(plugin, childName).isEmpty();
    }

    private String resolve(String text) {
        Matcher matcher = PROPERTY.matcher(text);
        StringBuilder resolved = new StringBuilder();
        while (matcher.find()) {
            String value = properties.getOrDefault(matcher.group(1), matcher.group());
            matcher.appendReplacement(resolved, Matcher.quoteReplacement(value));
        }
        return matcher.appendTail(resolved).toString();
    }

    private static String text(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? "" : found.getFirst().getTextContent().strip();
    }

    private static List<Element> children(Node parent, String name) {
        List<Element> found = new ArrayList<>();
        NodeList list = parent.getChildNodes();
        for (int i = 0; i < list.getLength(); i++) {
            if (list.item(i) instanceof Element element && element.getTagName().equals(name)) {
                found.add(element);
            }
        }
        return found;
    }
}
