package dev.agentport.parity;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code -Dparity.targets}: which targets the parity suite starts. */
class TargetSelectionTest {

    @Test
    void no_selection_is_every_target() {
        assertEquals(TargetDefinition.ALL, TargetDefinition.selected(""));
    }

    @Test
    void the_reference_is_always_selected() {
        assertEquals(List.of("helidon", "gcf"), names(TargetDefinition.selected("gcf")));
    }

    @Test
    void names_may_have_spaces_around_them() {
        assertEquals(List.of("helidon", "lambda-streaming", "gcf"),
                names(TargetDefinition.selected(" gcf , lambda-streaming")));
    }

    @Test
    void an_unknown_target_fails_the_run_listing_the_valid_ones() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> TargetDefinition.selected("helidon,lamda-buffered"));
        assertTrue(error.getMessage().contains("[lamda-buffered]"), error.getMessage());
        assertTrue(error.getMessage().contains("helidon, lambda-buffered, lambda-streaming, gcf"), error.getMessage());
    }

    private static List<String> names(List<TargetDefinition> targets) {
        return targets.stream().map(TargetDefinition::name).toList();
    }
}
