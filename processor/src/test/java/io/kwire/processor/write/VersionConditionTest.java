package io.kwire.processor.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.meta.VersionRange;
import org.junit.jupiter.api.Test;

/** Version tests are decided against the versions possible where they stand, and narrow what follows. */
class VersionConditionTest {
  private static VersionRange r(String s) {
    return VersionRange.parse(s);
  }

  @Test
  void aRangeCoveringWhatIsPossibleIsAlwaysTrue() {
    VersionCondition c = VersionCondition.of(r("3+"), r("3-7"));
    assertTrue(c.always());
    assertFalse(c.never());
    assertEquals(r("3-7"), c.whenTrue());
    assertTrue(c.whenFalse().isEmpty());
  }

  @Test
  void aRangeOutsideWhatIsPossibleIsNeverTrue() {
    VersionCondition c = VersionCondition.of(r("0-2"), r("3-7"));
    assertTrue(c.never());
    assertEquals(r("3-7"), c.whenFalse());
  }

  @Test
  void aLowerBoundIsTestedAndNarrowsBothBranches() {
    VersionCondition c = VersionCondition.of(r("5+"), r("3-7"));
    assertEquals("version >= 5", c.test().toString());
    assertEquals("version < 5", c.negated().toString());
    assertEquals(r("5-7"), c.whenTrue());
    assertEquals(r("3-4"), c.whenFalse());
  }

  @Test
  void anUpperBoundIsTestedAsSuch() {
    VersionCondition c = VersionCondition.of(r("0-5"), r("3-7"));
    assertEquals("version <= 5", c.test().toString());
    assertEquals("version > 5", c.negated().toString());
    assertEquals(r("3-5"), c.whenTrue());
    assertEquals(r("6-7"), c.whenFalse());
  }

  @Test
  void onlyTheBoundThatCutsIsWritten() {
    // "2-9" within 3-7 is only cut above: no lower bound is tested
    assertEquals("version <= 5", VersionCondition.of(r("2-5"), r("3-7")).test().toString());
    assertEquals("version >= 5", VersionCondition.of(r("5-9"), r("3-7")).test().toString());
  }

  @Test
  void aRangeInsideWhatIsPossibleTestsBothBoundsAndIsGrouped() {
    VersionCondition c = VersionCondition.of(r("4-5"), r("3-7"));
    assertEquals("version >= 4 && version <= 5", c.test().toString());
    assertEquals("(version >= 4 && version <= 5)", c.grouped().toString());
    assertEquals("(version < 4 || version > 5)", c.negatedGrouped().toString());
    assertEquals(r("4-5"), c.whenTrue());
    assertEquals(r("3-7"), c.whenFalse()); // two ranges outside: their hull
  }

  @Test
  void aSingleVersionInsideIsAnEquality() {
    VersionCondition c = VersionCondition.of(r("4"), r("3-7"));
    assertEquals("version == 4", c.test().toString());
    assertEquals("version != 4", c.negated().toString());
  }

  @Test
  void nestedConditionsAreDecidedByTheOuterBranch() {
    // the HeartbeatRequest case: inside `if (version >= 3)`, "nullable in 3+" is decided
    VersionCondition outer = VersionCondition.of(r("3+"), r("0-4"));
    assertTrue(VersionCondition.of(r("3+"), outer.whenTrue()).always());
    assertTrue(VersionCondition.of(r("0-2"), outer.whenTrue()).never());
    assertEquals("version >= 4", VersionCondition.of(r("4+"), outer.whenTrue()).test().toString());
  }
}
