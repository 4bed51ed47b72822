package dev.agentport.helidon.example;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The README's "Plug in your own agent" example is this package's GreeterAgent, so it compiles and is tested. */
class ReadmeExampleTest {

    @Test
    void the_readme_example_is_the_greeter_agent_as_compiled() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int section = readme.indexOf("## Plug in your own agent");
        int start = readme.indexOf("```java\n", section) + "```java\n".length();
        String example = readme.substring(start, readme.indexOf("```\n", start));
        String source = Files.readString(
                Path.of("src/test/java/dev/agentport/helidon/example/GreeterAgent.java"));
        assertEquals(source.substring(source.indexOf("public class GreeterAgent")), example);
    }
}
