package dev.agentport.contract.broken;

import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;

import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * One deliberate defect: the answers to the requests it picks are changed on their way out, so that the server
 * breaks exactly one rule of the validate-contract command.
 *
 * @param rule    the {@code Rule.id()} that must fail, and no other, e.g. {@code agentbreeder 2.1 invoke_without_a_token_is_401}
 * @param picks   which requests' answers it changes
 * @param change  the change
 */
public record Breakage(String rule, Predicate<CaseRequest> picks, UnaryOperator<Exchange> change) {

    /** The answers to {@code method path} (the path without its query) changed. */
    public static Breakage of(String rule, String method, String path, UnaryOperator<Exchange> change) {
        return new Breakage(rule, request -> request.method().equals(method) && pathOf(request).equals(path), change);
    }

    public Exchange apply(CaseRequest request, Exchange answer) {
        return picks.test(request) ? change.apply(answer) : answer;
    }

    static String pathOf(CaseRequest request) {
        int query = request.path().indexOf('?');
        return query < 0 ? request.path() : request.path().substring(0, query);
    }

    @Override
    public String toString() {
        return rule;
    }
}
