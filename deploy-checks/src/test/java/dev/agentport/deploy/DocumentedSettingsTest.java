package dev.agentport.deploy;

import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every environment variable the SAM template, the Terraform folders and the Dockerfile set is in the README's
 * configuration table; an undocumented one put into a copy is caught.
 */
class DocumentedSettingsTest {

    private final Set<String> documented = DeployedSettings.documented(Repo.read("README.md"));

    @Test
    void theReadersOfBothSidesFindWhatTheyShould() {
        assertTrue(documented.containsAll(Set.of("PORT", "AGENT_AUTH_TOKEN", "AGENT_MCP_TITLE", "LOG_LEVEL")), documented.toString());
        assertTrue(DeployedSettings.terraform(TerraformModule.of("terraform/gcp"))
                .containsAll(Set.of("AGENT_SHUTDOWN_GRACE_SECONDS", "AGENT_AUTH_TOKEN", "AGENT_STATE_STORE_PASSWORD",
                        "AGENT_FACES")));
    }

    @Test
    void everyVariableTheSamTemplateSetsIsDocumented() {
        assertEquals(Set.of(), undocumented(DeployedSettings.sam(CloudFormationYaml.parse(Repo.read("sam-template.yaml")))));
    }

    @Test
    void everyVariableTheTerraformFilesSetIsDocumented() {
        assertEquals(Set.of(), undocumented(DeployedSettings.terraform(TerraformModule.of("terraform/aws"))));
        assertEquals(Set.of(), undocumented(DeployedSettings.terraform(TerraformModule.of("terraform/gcp"))));
    }

    @Test
    void everyVariableTheImageSetsIsDocumented() {
        assertEquals(Set.of(), undocumented(DeployedSettings.dockerfile(Dockerfile.parse(Repo.read("Dockerfile")))));
    }

    @Test
    void anUndocumentedVariableIsCaught() {
        assertEquals(Set.of("AGENT_STATE_TABLE"), undocumented(DeployedSettings.sam(Fixture.sam(
                "        LOG_LEVEL: !Ref LogLevel", "        AGENT_STATE_TABLE: !Ref StateTable"))));
        assertEquals(Set.of("AGENT_REDIS_PASSWORD"), undocumented(DeployedSettings.terraform(Fixture.terraform(
                "terraform/gcp", "cloud_run.tf", "name = \"AGENT_STATE_STORE_PASSWORD\"", "name = \"AGENT_REDIS_PASSWORD\""))));
    }

    private Set<String> undocumented(Set<String> set) {
        Set<String> missing = new TreeSet<>(set);
        missing.removeAll(documented);
        return missing;
    }
}
