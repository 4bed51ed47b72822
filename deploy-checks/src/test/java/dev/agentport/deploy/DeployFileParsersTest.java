package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.deploy.DeployFiles.ArtifactReference;
import dev.agentport.deploy.DeployFiles.ClassReference;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The small readers the deploy checks rely on, against sample text: if they misread, the checks prove nothing. */
class DeployFileParsersTest {

    @Test
    void cloudFormationShortTagsReadAsTheirLongForm() {
        JsonNode tree = CloudFormationYaml.parse("""
                a: !Ref Param
                b: !GetAtt Fn.Url
                c: !Sub 'https://${Api}.example/'
                d: !If [IsProd, !Ref A, !Ref AWS::NoValue]
                e: !GetAtt [Fn, Arn]
                """);
        assertEquals("Param", tree.at("/a/Ref").asText());
        assertEquals(List.of("Fn", "Url"), Json.MAPPER.convertValue(tree.at("/b/Fn::GetAtt"), List.class));
        assertEquals("https://${Api}.example/", tree.at("/c/Fn::Sub").asText());
        assertEquals("IsProd", tree.at("/d/Fn::If/0").asText());
        assertEquals("AWS::NoValue", tree.at("/d/Fn::If/2/Ref").asText());
        assertEquals(List.of("Fn", "Arn"), Json.MAPPER.convertValue(tree.at("/e/Fn::GetAtt"), List.class));
    }

    @Test
    void cloudFormationUnknownTagFailsTheParse() {
        assertThrows(RuntimeException.class, () -> CloudFormationYaml.parse("a: !NotAFunction x\n"));
    }

    @Test
    void dockerfileJoinsContinuationsAndDropsComments() {
        Dockerfile dockerfile = Dockerfile.parse("""
                # comment
                FROM a:1 AS build
                RUN one \\
                    # a comment inside a continuation
                    two
                FROM b:2
                USER app
                """);
        assertEquals(List.of("FROM", "RUN", "FROM", "USER"),
                dockerfile.instructions().stream().map(Dockerfile.Instruction::keyword).toList());
        assertEquals("one two", dockerfile.all("RUN").getFirst().arguments());
        assertEquals(List.of("FROM", "USER"),
                dockerfile.finalStage().instructions().stream().map(Dockerfile.Instruction::keyword).toList());
    }

    @Test
    void classReferencesAreClassesWithOptionalMethodsNotPackagesOrGroupIds() {
        List<ClassReference> found = DeployFiles.classReferencesIn("""
                Handler: dev.agentport.lambda.LambdaHandler::handleRequest
                <groupId>dev.agentport</groupId> package dev.agentport.lambda;
                exec java -cp "$ROOT/lib/*" dev.agentport.lambda.streaming.StreamingBootstrap
                """, "f");
        assertEquals(List.of(
                new ClassReference("dev.agentport.lambda.LambdaHandler", "handleRequest", "f"),
                new ClassReference("dev.agentport.lambda.streaming.StreamingBootstrap", null, "f")), found);
    }

    @Test
    void artifactPathsResolveToTheirModuleOrTheFilesOwnModule() {
        List<ArtifactReference> found = DeployFiles.artifactReferencesIn("""
                default = "../../adapter-lambda/target/agentport-lambda.zip"
                jar="$module_dir/target/invoker/java-function-invoker-2.0.0.jar"
                COPY --from=build /src/adapter-helidon/target/agentport-server.jar /app/
                cp target/lib/*.jar elsewhere
                """, "adapter-gcf/run-local");
        assertEquals(List.of("adapter-lambda/target/agentport-lambda.zip",
                        "adapter-gcf/target/invoker/java-function-invoker-2.0.0.jar",
                        "adapter-helidon/target/agentport-server.jar"),
                found.stream().map(ArtifactReference::path).toList());
    }
}
