package io.kwire.tests.generated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Narrowing and joining of the version ranges the checker keeps. */
class VersionSpanTest {
  private static final VersionSpan ZERO_TO_FOUR = VersionSpan.of(0, 4);

  @Test
  void eachComparisonKeepsTheVersionsWhereItHolds() {
    assertEquals(VersionSpan.of(3, 4), ZERO_TO_FOUR.where(">=", 3));
    assertEquals(VersionSpan.of(4, 4), ZERO_TO_FOUR.where(">", 3));
    assertEquals(VersionSpan.of(0, 3), ZERO_TO_FOUR.where("<=", 3));
    assertEquals(VersionSpan.of(0, 2), ZERO_TO_FOUR.where("<", 3));
    assertEquals(VersionSpan.of(3, 3), ZERO_TO_FOUR.where("==", 3));
    assertTrue(ZERO_TO_FOUR.where(">", 4).isEmpty());
    assertTrue(ZERO_TO_FOUR.where("==", 7).isEmpty());
  }

  @Test
  void notEqualCanOnlyRemoveAnEnd() {
    assertEquals(VersionSpan.of(1, 4), ZERO_TO_FOUR.where("!=", 0));
    assertEquals(VersionSpan.of(0, 3), ZERO_TO_FOUR.where("!=", 4));
    assertEquals(ZERO_TO_FOUR, ZERO_TO_FOUR.where("!=", 2), "the hull of 0-1 and 3-4");
    assertTrue(VersionSpan.of(2, 2).where("!=", 2).isEmpty());
  }

  @Test
  void joinTakesTheHullAndEmptyIsNeutral() {
    assertEquals(VersionSpan.of(0, 4), VersionSpan.of(0, 1).hull(VersionSpan.of(3, 4)));
    assertEquals(VersionSpan.of(3, 4), VersionSpan.EMPTY.hull(VersionSpan.of(3, 4)));
    assertEquals(VersionSpan.of(3, 4), VersionSpan.of(3, 4).hull(VersionSpan.EMPTY));
    assertTrue(VersionSpan.of(0, 1).intersect(VersionSpan.of(3, 4)).isEmpty());
    assertEquals("3-4", VersionSpan.of(3, 4).toString());
    assertEquals("3", VersionSpan.of(3, 3).toString());
  }
}
