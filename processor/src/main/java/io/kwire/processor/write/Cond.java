package io.kwire.processor.write;

import com.palantir.javapoet.CodeBlock;
import io.kwire.runtime.meta.VersionRange;

/**
 * A version condition decided as far as possible at generation time: always true, never true, or a
 * test of {@code version} that the generated code evaluates.
 */
record Cond(boolean always, boolean never, CodeBlock test, CodeBlock complement) {
  static final Cond ALWAYS = new Cond(true, false, CodeBlock.of("true"), CodeBlock.of("false"));
  static final Cond NEVER = new Cond(false, true, CodeBlock.of("false"), CodeBlock.of("true"));

  /** A test held in a local variable, e.g. {@code flexible}. */
  static Cond variable(String name) {
    return new Cond(false, false, CodeBlock.of("$L", name), CodeBlock.of("!$L", name));
  }

  /** Whether {@code version} lies in {@code range}, for versions within {@code valid}. */
  static Cond of(VersionRange range, VersionRange valid) {
    VersionRange in = range.intersect(valid);
    if (in.isEmpty()) {
      return NEVER;
    }
    if (in.equals(valid)) {
      return ALWAYS;
    }
    boolean low = in.lowest() > valid.lowest();
    boolean high = in.highest() < valid.highest();
    if (low && high && in.lowest() == in.highest()) {
      return new Cond(false, false, CodeBlock.of("version == $L", in.lowest()), CodeBlock.of("version != $L", in.lowest()));
    }
    if (low && high) {
      return new Cond(false, false, CodeBlock.of("version >= $L && version <= $L", in.lowest(), in.highest()),
          CodeBlock.of("version < $L || version > $L", in.lowest(), in.highest()));
    }
    if (low) {
      return new Cond(false, false, CodeBlock.of("version >= $L", in.lowest()), CodeBlock.of("version < $L", in.lowest()));
    }
    return new Cond(false, false, CodeBlock.of("version <= $L", in.highest()), CodeBlock.of("version > $L", in.highest()));
  }

  /** A boolean expression: {@code true}, {@code false}, or the test. */
  CodeBlock expr() {
    return test;
  }

  /** The test in parentheses where it is combined with other operators. */
  CodeBlock grouped() {
    return !test.toString().contains("&&") ? test : CodeBlock.of("($L)", test);
  }

  /** The opposite test, written directly ({@code version < 3} rather than {@code !(version >= 3)}). */
  CodeBlock negated() {
    return complement;
  }

  /** The opposite test in parentheses where it is combined with other operators. */
  CodeBlock negatedGrouped() {
    return complement.toString().contains("||") ? CodeBlock.of("($L)", complement) : complement;
  }
}
