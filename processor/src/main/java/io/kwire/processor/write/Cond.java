package io.kwire.processor.write;

import com.palantir.javapoet.CodeBlock;
import io.kwire.runtime.meta.VersionRange;

/**
 * A version condition decided as far as possible at generation time: always true, never true, or a
 * test of {@code version} that the generated code evaluates.
 */
record Cond(boolean always, boolean never, CodeBlock test) {
  static final Cond ALWAYS = new Cond(true, false, CodeBlock.of("true"));
  static final Cond NEVER = new Cond(false, true, CodeBlock.of("false"));

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
    CodeBlock test;
    if (low && high) {
      test = in.lowest() == in.highest()
          ? CodeBlock.of("version == $L", in.lowest())
          : CodeBlock.of("version >= $L && version <= $L", in.lowest(), in.highest());
    } else if (low) {
      test = CodeBlock.of("version >= $L", in.lowest());
    } else {
      test = CodeBlock.of("version <= $L", in.highest());
    }
    return new Cond(false, false, test);
  }

  /** A boolean expression: {@code true}, {@code false}, or the test. */
  CodeBlock expr() {
    return test;
  }

  /** The test in parentheses where it is combined with other operators. */
  CodeBlock grouped() {
    return always || never || !test.toString().contains("&&") ? test : CodeBlock.of("($L)", test);
  }

  CodeBlock negated() {
    if (always) {
      return NEVER.test;
    }
    if (never) {
      return ALWAYS.test;
    }
    return CodeBlock.of("!($L)", test);
  }
}
