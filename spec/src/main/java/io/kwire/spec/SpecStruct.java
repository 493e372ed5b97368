package io.kwire.spec;

import java.util.List;

/** A struct of a message spec: inline (declared by the first field that uses it) or common. */
public record SpecStruct(String name, List<SpecField> fields, boolean common) {}
