package dev.agentport.auth;

import org.junit.jupiter.api.Test;

import static dev.agentport.auth.BearerTokenCheck.Outcome.ALLOWED;
import static dev.agentport.auth.BearerTokenCheck.Outcome.MISSING;
import static dev.agentport.auth.BearerTokenCheck.Outcome.WRONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class BearerTokenCheckTest {

    private final BearerTokenCheck check = new BearerTokenCheck("tok-123");

    @Test
    void unset_token_allows_everything() {
        assertEquals(ALLOWED, new BearerTokenCheck(null).check(null));
        assertFalse(new BearerTokenCheck(null).enabled());
    }

    @Test
    void blank_token_allows_everything() {
        assertEquals(ALLOWED, new BearerTokenCheck("   ").check("Bearer anything"));
    }

    @Test
    void matching_token_is_allowed() {
        assertEquals(ALLOWED, check.check("Bearer tok-123"));
    }

    @Test
    void scheme_is_case_insensitive() {
        assertEquals(ALLOWED, check.check("bearer tok-123"));
    }

    @Test
    void missing_header_is_missing() {
        assertEquals(MISSING, check.check(null));
    }

    @Test
    void other_scheme_is_missing() {
        assertEquals(MISSING, check.check("Basic dG9rLTEyMw=="));
    }

    @Test
    void bearer_without_a_token_is_missing() {
        assertEquals(MISSING, check.check("Bearer "));
    }

    @Test
    void wrong_token_is_wrong() {
        assertEquals(WRONG, check.check("Bearer tok-124"));
    }

    @Test
    void prefix_of_the_token_is_wrong() {
        assertEquals(WRONG, check.check("Bearer tok-12"));
    }

    @Test
    void to_string_never_shows_the_token() {
        assertFalse(check.toString().contains("tok-123"));
    }
}
