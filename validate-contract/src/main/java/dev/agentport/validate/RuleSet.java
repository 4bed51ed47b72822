package dev.agentport.validate;

import java.util.List;

/** The rules of one contract, and how to tell whether a server speaks it. */
public interface RuleSet {

    Contract contract();

    /** Probes with a few requests whether the server speaks the contract; never throws. */
    Detection detect(Probe probe);

    /** The rules, in the contract's order. */
    List<Rule> rules(Settings settings);
}
