package dev.agentport.helidon;

import dev.agentport.http.Body;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HelidonExchangeTest {

    /**
     * {@code HelidonExchange.write} tests a body's type one by one (a pattern switch made a class the AOT cache does not
     * keep), so the compiler no longer says when {@link Body} gains a type it does not write: this does.
     */
    @Test
    void every_body_type_is_one_the_exchange_writes() {
        assertEquals(Set.of(Body.Bytes.class, Body.EventStream.class), Set.of(Body.class.getPermittedSubclasses()));
    }
}
