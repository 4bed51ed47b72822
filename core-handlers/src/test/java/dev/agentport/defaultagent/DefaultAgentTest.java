package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DefaultAgentTest {

    @Test
    void words_join_back_into_the_reply() {
        String reply = "You said \"a  b\". This is turn 1.";
        assertEquals(reply, String.join("", DefaultAgent.words(reply)));
        assertEquals(List.of("one", " two"), DefaultAgent.words("one two"));
    }

    @Test
    void approval_is_asked_for_by_approve_or_approval() {
        assertTrue(DefaultAgent.asksForApproval("Please APPROVE this"));
        assertTrue(DefaultAgent.asksForApproval("needs approval"));
        assertFalse(DefaultAgent.asksForApproval("hello"));
    }

    @Test
    void yes_true_and_approved_objects_approve() {
        assertTrue(DefaultAgent.approved(new TextNode("Yes")));
        assertTrue(DefaultAgent.approved(BooleanNode.TRUE));
        assertTrue(DefaultAgent.approved(Json.object().put("approved", true)));
        assertFalse(DefaultAgent.approved(new TextNode("no")));
        assertFalse(DefaultAgent.approved(BooleanNode.FALSE));
    }
}
