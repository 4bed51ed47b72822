package dev.agentport.lambda;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The build's training run passes only when the handler and every loop it was told to train answered, all 2xx. */
class ClassDataTrainingTest {

    @Test
    void aTrainingWhereEveryPartAnsweredOnly2xxPasses() {
        assertTrue(ClassDataTraining.passed(Map.of("handler", List.of(200, 202), "streaming-loop", List.of(200))));
    }

    @Test
    void aLoopThatAnsweredNothingFailsTheTraining() {
        assertFalse(ClassDataTraining.passed(Map.of("handler", List.of(200), "runtime-interface-client", List.of())));
    }

    @Test
    void anAnswerOutside2xxFailsTheTraining() {
        assertFalse(ClassDataTraining.passed(Map.of("handler", List.of(200, 500))));
    }

    @Test
    void aClientTrainingWithoutARuntimeApiAddressFailsTheBuild() throws Exception {
        Process training = trainingJvm("runtime-interface-client");

        String output = new String(training.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertTrue(training.waitFor(2, TimeUnit.MINUTES), "the training JVM ended");
        assertEquals(1, training.exitValue(), output);
        assertTrue(output.contains("no AWS_LAMBDA_RUNTIME_API"), output);
    }

    @Test
    void aLoopTheTrainingDoesNotKnowIsRefused() throws Exception {
        Process training = trainingJvm("client");

        String output = new String(training.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertTrue(training.waitFor(2, TimeUnit.MINUTES), "the training JVM ended");
        assertEquals(2, training.exitValue(), output);
    }

    /** {@code ClassDataTraining} in a JVM of its own, its output and errors in one stream, no Runtime API set. */
    static Process trainingJvm(String... loops) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                ClassDataTraining.class.getName()));
        command.addAll(List.of(loops));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove(ClientTraining.RUNTIME_API);
        Process process = builder.start();
        process.getOutputStream().close();
        return process;
    }
}
