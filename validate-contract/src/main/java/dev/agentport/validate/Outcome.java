package dev.agentport.validate;

/** What checking one rule found. */
public enum Outcome {
    PASS, FAIL, SKIP
}
