package dev.agentport.parity;

import dev.agentport.contract.ContractCases;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.HttpTarget;
import dev.agentport.langchain4j.ModelAgentCases;
import dev.agentport.langchain4j.ScriptedModelServer;
import dev.agentport.parity.interop.ServerJar;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every target as packaged, started with only the model agent's variables ({@code AGENT_MODEL_PROVIDER=openai}) against
 * a scripted OpenAI-compatible server on loopback: each finds the provider in its own artifact (the server jar, the
 * Lambda zips, the Cloud Functions jar) and keeps the {@link ModelAgentCases} rules like the reference (replies on every
 * face, an error status, a slow answer past the run timeout); then the model server stops, and each answers the
 * provider's failure alike.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ModelAgentParityTest {

    private ScriptedModelServer model;
    private PluggedTargets targets;
    private ServerJar local;

    @BeforeAll
    void startTargets() throws Exception {
        model = ScriptedModelServer.start();
        targets = PluggedTargets.asPackaged(ModelAgentCases.env(model.baseUrl()));
    }

    @AfterAll
    void stopTargets() throws Exception {
        targets.close();
        if (local != null) {
            local.close();
        }
        model.close();
    }

    /** The local adapter is served by the Helidon server only: Lambda and Cloud Functions refuse to start with it. */
    @TestFactory
    @Order(1)
    Stream<DynamicTest> the_local_adapter_keeps_the_model_agent_rules_on_helidon() throws Exception {
        Path root = Path.of(System.getProperty("agentport.root", "..")).toAbsolutePath().normalize();
        Map<String, String> env = new HashMap<>(ContractCases.ENV);
        env.putAll(ModelAgentCases.env(model.baseUrl()));
        env.put("AGENT_LOCAL_ADAPTER", "true");
        local = ServerJar.start(root, env);
        return ContractSuite.against(new HttpTarget("helidon-local", local.baseUrl, true),
                ModelAgentCases.localAdapter(model));
    }

    @TestFactory
    @Order(2)
    Stream<DynamicContainer> every_target_keeps_the_model_agent_rules() {
        return targets.targets().values().stream().map(target -> DynamicContainer.dynamicContainer(target.name(),
                ContractSuite.against(target, ModelAgentCases.answering(model))));
    }

    @TestFactory
    @Order(3)
    Stream<DynamicTest> every_target_answers_the_model_agent_like_the_reference() {
        return ModelAgentCases.answering(model).stream().map(contractCase -> DynamicTest.dynamicTest(
                contractCase.name(), () -> SameAnswers.assertSameAnswers(contractCase, targets.targets().values())));
    }

    @TestFactory
    @Order(4)
    Stream<DynamicTest> with_the_model_server_stopped_every_target_answers_a_5xx_naming_the_provider() {
        model.close();
        return ModelAgentCases.stopped().stream().flatMap(contractCase -> Stream.concat(
                targets.targets().values().stream().flatMap(target -> ContractSuite.against(target,
                        List.of(contractCase)).map(test -> DynamicTest.dynamicTest(
                        target.name() + ": " + test.getDisplayName(), test.getExecutable()))),
                Stream.of(DynamicTest.dynamicTest(contractCase.name() + " like the reference",
                        () -> SameAnswers.assertSameAnswers(contractCase, targets.targets().values())))));
    }

    @Test
    @Order(5)
    void the_key_is_on_no_target_log_line() throws Exception {
        for (Map.Entry<String, String> log : targets.logs().entrySet()) {
            assertFalse(log.getValue().contains(ModelAgentCases.KEY), log.getKey() + " logged the key");
        }
        if (local != null) {
            assertFalse(local.output().contains(ModelAgentCases.KEY), "helidon-local logged the key");
        }
    }
}
