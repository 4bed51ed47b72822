package dev.agentport.validate.daedalus;

import dev.agentport.validate.Contract;
import dev.agentport.validate.Detection;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Rule;
import dev.agentport.validate.RuleSet;
import dev.agentport.validate.Settings;

import java.util.List;

/** The rules of DAEDALUS: not written yet. */
public final class DaedalusRules implements RuleSet {

    @Override
    public Contract contract() {
        return Contract.DAEDALUS;
    }

    @Override
    public Detection detect(Probe probe) {
        return Detection.notFound(contract(), "this contract's rules are not written yet");
    }

    @Override
    public List<Rule> rules(Settings settings) {
        return List.of();
    }
}
