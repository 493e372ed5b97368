package io.kwire.processor.model;

import com.palantir.javapoet.CodeBlock;

/**
 * A field's default, validated.
 *
 * @param declared the text as written in {@code @Field(defaultValue)}; empty for the implicit default
 * @param isNull whether the default is null
 * @param literal the Java expression of the default for scalar and string types; null for struct,
 *     array, bytes and records defaults, whose expressions the writers derive from the type
 */
public record DefaultValue(String declared, boolean isNull, CodeBlock literal) {}
