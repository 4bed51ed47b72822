package dev.agentport.validate;

/**
 * One rule checked.
 *
 * @param rule    the rule
 * @param outcome pass, fail or skip
 * @param reason  why it failed or was skipped; empty when it passed
 * @param millis  how long the check took
 */
public record Result(Rule rule, Outcome outcome, String reason, long millis) {
}
