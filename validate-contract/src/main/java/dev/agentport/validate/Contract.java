package dev.agentport.validate;

import java.util.Locale;

/** The contracts the command checks, by the name {@code --contracts} takes. */
public enum Contract {
    AGENTBREEDER("agentbreeder", "AgentBreeder Runtime Contract v1"),
    DAEDALUS("daedalus", "Daedalus Runtime Contract v1"),
    A2A("a2a", "A2A JSON-RPC 0.3 and 1.0 (and HTTP+JSON when the card lists it)"),
    MCP("mcp", "MCP Streamable HTTP, with the Pallas interface"),
    AGENTCORE("agentcore", "AWS Bedrock AgentCore Runtime, HTTP protocol"),
    RUN_TASK("run-task", "the local /run-task adapter");

    private final String cliName;
    private final String title;

    Contract(String cliName, String title) {
        this.cliName = cliName;
        this.title = title;
    }

    public String cliName() {
        return cliName;
    }

    public String title() {
        return title;
    }

    /** The contract {@code --contracts} names, or {@code null}. */
    public static Contract named(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (Contract contract : values()) {
            if (contract.cliName.equals(wanted)) {
                return contract;
            }
        }
        return null;
    }
}
