package io.kwire.processor.write;

import com.palantir.javapoet.CodeBlock;
import io.kwire.runtime.meta.VersionRange;

/**
 * Whether {@code version} lies in a range, decided as far as the versions possible at that point of
 * the generated code allow: always, never, or a test written relative to what is possible (in a
 * context of versions 3-7, "5+" is {@code version >= 5}, "0-5" is {@code version <= 5}). Each branch
 * knows the versions possible inside it, so nested code is decided against the narrower range.
 */
final class VersionCondition {
  private final VersionRange possible;
  private final VersionRange whenTrue;
  private final VersionRange whenFalse;
  private final CodeBlock test;
  private final CodeBlock negated;
  private final boolean compound;

  private VersionCondition(VersionRange possible, VersionRange whenTrue, VersionRange whenFalse,
      CodeBlock test, CodeBlock negated, boolean compound) {
    this.possible = possible;
    this.whenTrue = whenTrue;
    this.whenFalse = whenFalse;
    this.test = test;
    this.negated = negated;
    this.compound = compound;
  }

  static VersionCondition of(VersionRange range, VersionRange possible) {
    VersionRange in = range.intersect(possible);
    if (in.isEmpty()) {
      return new VersionCondition(possible, VersionRange.NONE, possible, CodeBlock.of("false"), CodeBlock.of("true"), false);
    }
    if (in.equals(possible)) {
      return new VersionCondition(possible, possible, VersionRange.NONE, CodeBlock.of("true"), CodeBlock.of("false"), false);
    }
    boolean low = in.lowest() > possible.lowest();
    boolean high = in.highest() < possible.highest();
    if (low && high) {
      // The versions outside form two ranges; the else branch keeps their hull, all of what was possible.
      if (in.lowest() == in.highest()) {
        return new VersionCondition(possible, in, possible,
            CodeBlock.of("version == $L", in.lowest()), CodeBlock.of("version != $L", in.lowest()), false);
      }
      return new VersionCondition(possible, in, possible,
          CodeBlock.of("version >= $L && version <= $L", in.lowest(), in.highest()),
          CodeBlock.of("version < $L || version > $L", in.lowest(), in.highest()), true);
    }
    if (low) {
      return new VersionCondition(possible, in, VersionRange.of(possible.lowest(), in.lowest() - 1),
          CodeBlock.of("version >= $L", in.lowest()), CodeBlock.of("version < $L", in.lowest()), false);
    }
    return new VersionCondition(possible, in, VersionRange.of(in.highest() + 1, possible.highest()),
        CodeBlock.of("version <= $L", in.highest()), CodeBlock.of("version > $L", in.highest()), false);
  }

  boolean always() {
    return whenFalse.isEmpty();
  }

  boolean never() {
    return whenTrue.isEmpty();
  }

  boolean decided() {
    return always() || never();
  }

  /** The versions possible where the condition holds. */
  VersionRange whenTrue() {
    return whenTrue;
  }

  /** The versions possible where it does not (the hull, when they are two ranges). */
  VersionRange whenFalse() {
    return whenFalse;
  }

  VersionRange possible() {
    return possible;
  }

  /** The test ({@code true} or {@code false} when decided). */
  CodeBlock test() {
    return test;
  }

  /** The opposite test, written directly ({@code version < 3} rather than {@code !(version >= 3)}). */
  CodeBlock negated() {
    return negated;
  }

  /** The test, parenthesised where it is an {@code &&} that another operator will combine. */
  CodeBlock grouped() {
    return compound ? CodeBlock.of("($L)", test) : test;
  }

  /** The opposite test, parenthesised where it is an {@code ||}. */
  CodeBlock negatedGrouped() {
    return compound ? CodeBlock.of("($L)", negated) : negated;
  }

  @Override
  public String toString() {
    return test + " within " + possible;
  }
}
