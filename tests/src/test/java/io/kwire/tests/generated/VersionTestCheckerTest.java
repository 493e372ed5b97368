package io.kwire.tests.generated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The checker on small codecs written to contain (or not) version tests that their context decides. */
class VersionTestCheckerTest {

  private static List<String> findings(String source) {
    return VersionTestChecker.check(SyntheticCodec.FILE, source).findings().stream()
        .map(VersionFinding::toString)
        .toList();
  }

  private static String at(String source, String marker, String message) {
    return SyntheticCodec.FILE + ":" + SyntheticCodec.lineOf(source, marker) + ": " + message;
  }

  private static void assertNoFindings(String source) {
    VersionTestChecker.Report report = VersionTestChecker.check(SyntheticCodec.FILE, source);
    assertEquals(List.of(), report.findings());
    assertTrue(report.testsChecked() > 0, "the source has version tests to check");
  }

  @Test
  void nullCheckUnderTheTestThatAlreadyDecidesIt() {
    // HeartbeatRequestCodec: a null check of a field present from v3, inside the v3 test
    String source = SyntheticCodec.withWriteBody("""
            if (version >= 3) {
              String groupInstanceId = message.groupInstanceId();
              if (groupInstanceId == null && version < 3) { // MARK
                throw KwireEncodeException.nullNotAllowed("Synthetic.groupInstanceId", version);
              }
              out.writeString(groupInstanceId);
            }
        """);
    assertEquals(List.of(at(source, "MARK", "version < 3 is always false here (versions 3-4 possible)")),
        findings(source));
  }

  @Test
  void argumentUnderTheTestThatAlreadyDecidesIt() {
    String source = SyntheticCodec.withStructMethods("""
          private static int sizeBody(Synthetic message, short version) {
            return 4;
          }

          private static void writeBody(Synthetic message, short version, WireWriter out) {
            out.writeInt32(message.id());
          }

          private static Synthetic readBody(WireReader in, short version) {
            boolean flexible = version >= 4;
            String groupInstanceId = null;
            if (version >= 3) {
              groupInstanceId = flexible
                  ? in.readCompactString(version >= 3) // FLEXIBLE
                  : in.readString(version >= 3); // RIGID
            }
            return new Synthetic(groupInstanceId);
          }
        """);
    assertEquals(List.of(
        at(source, "FLEXIBLE", "version >= 3 is always true here (only version 4 possible)"),
        at(source, "RIGID", "version >= 3 is always true here (only version 3 possible)")),
        findings(source));
  }

  @Test
  void structMethodReachedOnlyUnderTheTestItRepeats() {
    // ApiVersionsResponseCodec: a struct that exists from v3 tests v3 around each field
    String source = SyntheticCodec.withWriteBody("""
            out.writeInt32(message.id());
            if (version >= 3) {
              writeFeature(message.feature(), version, out);
            }
          }

          private static void writeFeature(Synthetic.Feature message, short version, WireWriter out) {
            if (version >= 3) { // MARK
              out.writeInt16(message.minVersion());
            }
        """);
    assertEquals(List.of(at(source, "MARK", "version >= 3 is always true here (versions 3-4 possible)")),
        findings(source));
  }

  @Test
  void structContextIsTheHullOfAllCallSites() {
    String source = SyntheticCodec.withWriteBody("""
            if (version >= 3) {
              writeFeature(message.feature(), version, out);
            } else if (version == 1) {
              writeFeature(message.feature(), version, out);
            }
          }

          private static void writeFeature(Synthetic.Feature message, short version, WireWriter out) {
            if (version >= 3) {
              out.writeInt16(message.minVersion());
            }
            if (version >= 1) { // MARK
              out.writeInt16(message.maxVersion());
            }
        """);
    assertEquals(List.of(at(source, "MARK", "version >= 1 is always true here (versions 1-4 possible)")),
        findings(source));
  }

  @Test
  void nestedStructsInheritTheirCallersContext() {
    String source = SyntheticCodec.withWriteBody("""
            if (version >= 2) {
              writeOuter(message.outer(), version, out);
            }
          }

          private static void writeOuter(Synthetic.Outer message, short version, WireWriter out) {
            if (version <= 3) {
              writeInner(message.inner(), version, out);
            }
          }

          private static void writeInner(Synthetic.Inner message, short version, WireWriter out) {
            if (version == 2) {
              out.writeInt8((byte) 1);
            }
            if (version > 1) { // MARK
              out.writeInt8((byte) 2);
            }
        """);
    assertEquals(List.of(at(source, "MARK", "version > 1 is always true here (versions 2-3 possible)")),
        findings(source));
  }

  @Test
  void flexibleLocalStandsForItsTest() {
    String source = SyntheticCodec.withWriteBody("""
            boolean flexible = version >= 4;
            if (version <= 3) {
              if (flexible) { // MARK
                out.writeUnsignedVarint(1);
              }
            }
            if (flexible) {
              out.writeUnsignedVarint(0);
            }
        """);
    assertEquals(List.of(
        at(source, "MARK", "flexible (version >= 4) is always false here (versions 0-3 possible)")),
        findings(source));
  }

  @Test
  void operandsAndTernariesNarrowTheirRightHandSide() {
    String source = SyntheticCodec.withWriteBody("""
            if (version >= 3 && version >= 2) { // MARK_AND
              out.writeInt8((byte) 1);
            }
            if (version < 3 || version >= 3) { // MARK_OR
              out.writeInt8((byte) 2);
            }
            out.writeInt8(version >= 2 ? (byte) (version >= 1 ? 3 : 4) : (byte) 5); // MARK_TERNARY
            if (!(version < 2) && version <= 1) { // MARK_NOT
              out.writeInt8((byte) 6);
            }
        """);
    assertEquals(List.of(
        at(source, "MARK_AND", "version >= 2 is always true here (versions 3-4 possible)"),
        at(source, "MARK_OR", "version >= 3 is always true here (versions 3-4 possible)"),
        at(source, "MARK_TERNARY", "version >= 1 is always true here (versions 2-4 possible)"),
        at(source, "MARK_NOT", "version <= 1 is always false here (versions 2-4 possible)")),
        findings(source));
  }

  @Test
  void equalityMirroredAndNamedConstantTestsAreRead() {
    String source = SyntheticCodec.withWriteBody("""
            if (version != 0) {
              if (version == 0) { // MARK_EQ
                out.writeInt8((byte) 1);
              }
            }
            if (3 <= version) {
              out.writeInt8(version < 3 ? (byte) 2 : (byte) 3); // MARK_MIRROR
            }
            if (version > HIGHEST_SUPPORTED_VERSION) { // MARK_NAMED
              out.writeInt8((byte) 4);
            }
            if (version == (short) 4) {
              out.writeInt8(version != 4 ? (byte) 5 : (byte) 6); // MARK_CAST
            }
        """);
    assertEquals(List.of(
        at(source, "MARK_EQ", "version == 0 is always false here (versions 1-4 possible)"),
        at(source, "MARK_MIRROR", "version < 3 is always false here (versions 3-4 possible)"),
        at(source, "MARK_NAMED", "version > HIGHEST_SUPPORTED_VERSION is always false here (versions 0-4 possible)"),
        at(source, "MARK_CAST", "version != 4 is always false here (only version 4 possible)")),
        findings(source));
  }

  @Test
  void statementsAfterAThrowKnowItDidNotHappen() {
    String source = SyntheticCodec.withWriteBody("""
            if (version < 2) {
              throw KwireEncodeException.unsupportedVersion("Synthetic", version, "2-4");
            }
            if (version >= 2) { // MARK
              out.writeInt8((byte) 1);
            }
        """);
    assertEquals(List.of(at(source, "MARK", "version >= 2 is always true here (versions 2-4 possible)")),
        findings(source));
  }

  @Test
  void theSupportedRangeComesFromThePublicMethodsCheck() {
    String source = SyntheticCodec.withWriteBody("""
            if (version <= 4) { // MARK
              out.writeInt8((byte) 1);
            }
        """);
    assertEquals(List.of(at(source, "MARK", "version <= 4 is always true here (versions 0-4 possible)")),
        findings(source));
  }

  @Test
  void aPrivateMethodNothingCallsIsReported() {
    String source = SyntheticCodec.withWriteBody("""
            out.writeInt8((byte) 1);
          }

          private static void writeOrphan(Synthetic message, short version, WireWriter out) { // MARK
            out.writeInt8((byte) 2);
        """);
    assertEquals(List.of(at(source, "MARK", "private method writeOrphan is never called where a version is possible")),
        findings(source));
  }

  @Test
  void aMethodCalledOnlyFromDeadCodeIsReported() {
    String source = SyntheticCodec.withWriteBody("""
            if (version > 4) { // TEST
              writeDead(message, version, out);
            }
          }

          private static void writeDead(Synthetic message, short version, WireWriter out) { // METHOD
            out.writeInt8((byte) 2);
        """);
    assertEquals(List.of(
        at(source, "TEST", "version > 4 is always false here (versions 0-4 possible)"),
        at(source, "METHOD", "private method writeDead is never called where a version is possible")),
        findings(source));
  }

  @Test
  void undecidedTestsAreNotReported() {
    String source = SyntheticCodec.withWriteBody("""
            boolean flexible = version >= 4;
            if (version >= 1) {
              if (version >= 3) {
                out.writeInt8((byte) 1);
              } else if (version == 2) {
                out.writeInt8((byte) 2);
              }
            }
            if (version < 3 && message.name() != null) {
              throw KwireEncodeException.notInVersion("Synthetic.name", version);
            }
            if (version >= 3 || message.id() > 0) {
              out.writeInt8((byte) 3);
            }
            if ((version >= 3 && message.id() > 0) || version < 3) {
              out.writeInt8((byte) 4);
            }
            out.writeInt8(flexible ? (byte) 5 : (byte) 6);
            if (version != 2) {
              writePart(message, version, out);
            } else {
              writePart(message, version, out);
            }
          }

          private static void writePart(Synthetic message, short version, WireWriter out) {
            if (version >= 2 && version <= 3) {
              out.writeInt8((byte) 7);
            }
        """);
    assertNoFindings(source);
  }

  @Test
  void aReassignedLocalIsNotAVersionTest() {
    String source = SyntheticCodec.withWriteBody("""
            boolean big = version >= 3;
            if (message.id() > 10) {
              big = true;
            }
            if (version >= 3) {
              if (big) {
                out.writeInt8((byte) 1);
              }
            }
        """);
    assertNoFindings(source);
  }

  @Test
  void partlyVersionedLocalsNarrowButAreNotTestsThemselves() {
    String source = SyntheticCodec.withWriteBody("""
            boolean hasTag = version >= 3 && message.tag() != 0;
            if (hasTag) {
              if (version >= 3) { // MARK
                out.writeInt8((byte) 1);
              }
            }
        """);
    assertEquals(List.of(at(source, "MARK", "version >= 3 is always true here (versions 3-4 possible)")),
        findings(source));
  }

  @Test
  void loopsTryAndLambdasAreFollowed() {
    String source = SyntheticCodec.withWriteBody("""
            for (int i = 0, n = message.items().size(); i < n; i++) {
              if (version >= 2) {
                try {
                  message.items().forEach(item -> {
                    if (version >= 1) { // LAMBDA
                      out.writeInt8(item);
                    }
                  });
                } catch (RuntimeException e) {
                  if (version < 2) { // CATCH
                    throw e;
                  }
                }
              }
            }
        """);
    assertEquals(List.of(
        at(source, "LAMBDA", "version >= 1 is always true here (versions 2-4 possible)"),
        at(source, "CATCH", "version < 2 is always false here (versions 2-4 possible)")),
        findings(source));
  }

  @Test
  void aDoWhileBodyIsNotNarrowedByItsCondition() {
    String source = SyntheticCodec.withWriteBody("""
            int i = 0;
            do {
              if (version >= 3) {
                out.writeInt8((byte) i);
              }
              i++;
            } while (version >= 3 && i < 2);
        """);
    assertNoFindings(source);
  }

  @Test
  void aPrivateConstructorUsedByNewIsCalled() {
    String source = SyntheticCodec.withWriteBody("""
            if (version >= 3) {
              out.writeInt8((byte) new Helper(version).twice());
            }
          }

          private static final class Helper {
            private final int value;

            private Helper(short version) {
              value = version >= 4 ? 2 : 1;
            }

            int twice() {
              return value * 2;
            }
          }

          private static void unused() { // MARK
        """);
    assertEquals(List.of(at(source, "MARK", "private method unused is never called where a version is possible")),
        findings(source));
  }

  @Test
  void sourceTheCheckerCannotReadIsAFindingNotASilentPass() {
    String source = SyntheticCodec.withWriteBody("""
            Runnable r = new Runnable() { // MARK
              public void run() {
              }
            };
        """);
    List<String> found = findings(source);
    assertEquals(1, found.size(), found::toString);
    assertTrue(found.get(0).startsWith(at(source, "MARK", "the checker cannot parse this")), found::toString);
  }
}
