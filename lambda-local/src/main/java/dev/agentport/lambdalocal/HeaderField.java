package dev.agentport.lambdalocal;

import java.util.Objects;

/** One header line as it travelled on the wire; a repeated header is several of these. */
public record HeaderField(String name, String value) {

    public HeaderField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }
}
