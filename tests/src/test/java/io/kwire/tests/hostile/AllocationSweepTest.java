package io.kwire.tests.hostile;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.ResponseHeaderCodec;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.wire.DecodeOptions;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The allocation bound over every codec (each API's request and response, the headers, the
 * non-API messages), every version, every array at every depth: filled with the tiniest elements
 * of each shape ({@link TinyElementBodies.Variant}), decoding must allocate at most 16 heap bytes
 * per input byte plus 64 KiB.
 */
class AllocationSweepTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final long PER_BYTE = 16;
  /**
   * Input size aimed at. The 64 KiB of the guarantee is for one-time costs (shared tables, filled
   * by a warm-up decode); each case is held to 16 B per byte plus 1 KiB, so that a per-byte excess
   * shows on inputs this small (kept small for the test's time).
   */
  private static final int INPUT_BYTES = 4 << 10;
  private static final long CASE_SLACK = 1 << 10;

  record Measured(String what, long allocated, int inputBytes) {
    double perByte() {
      return (double) allocated / inputBytes;
    }

    boolean withinBound() {
      return allocated <= PER_BYTE * inputBytes + CASE_SLACK;
    }

    @Override
    public String toString() {
      return String.format("%.1f B/byte  %s (%d bytes in, %d allocated)", perByte(), what, inputBytes, allocated);
    }
  }

  @Test
  void everyArrayOfTinyElementsInEveryMessageStaysWithinTheBound() {
    List<MessageCodec<?>> codecs = new ArrayList<>(KwireRegistry.standard().codecs());
    codecs.add(RequestHeaderCodec.INSTANCE);
    codecs.add(ResponseHeaderCodec.INSTANCE);
    List<Measured> results = new ArrayList<>();
    List<String> undecodable = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (MessageCodec<?> codec : codecs) {
      MessageDescriptor d = codec.descriptor();
      TinyElementBodies.forEachVersion(d, bodies -> {
        String prefix = d.name() + (d.type() == null ? "" : " " + d.type()) + " v" + bodies.version();
        for (TinyElementBodies.Target t : bodies.targets()) {
          byte[] minimal = bodies.element(t, TinyElementBodies.Variant.MINIMAL);
          for (TinyElementBodies.Variant variant : TinyElementBodies.Variant.values()) {
            if (variant.tagged() && !d.flexibleVersions().contains(bodies.version())) {
              continue;
            }
            byte[] element = variant == TinyElementBodies.Variant.MINIMAL ? minimal : bodies.element(t, variant);
            if (variant != TinyElementBodies.Variant.MINIMAL && Arrays.equals(minimal, element)) {
              continue; // the variant changes nothing in this element
            }
            // versions whose element is written alike are one case
            if (!seen.add(d.name() + d.type() + t.name() + variant + new String(element, StandardCharsets.ISO_8859_1))) {
              continue;
            }
            int n = Math.max(1, Math.min(DecodeOptions.DEFAULT_MAX_ARRAY_LENGTH - 1, INPUT_BYTES / element.length));
            byte[] body = bodies.body(t, variant, n);
            String what = prefix + " " + t.name() + " x" + n + " " + variant;
            measure(codec, bodies.version(), body, variant, what, results, undecodable);
          }
        }
        // one version per codec: 10,000 fields take long to write, and cost alike in every version
        if (bodies.version() == d.validVersions().highest() && d.flexibleVersions().contains(bodies.version())) {
          byte[] body = bodies.unknownTagsBody(DecodeOptions.DEFAULT_MAX_TAGGED_FIELDS);
          if (seen.add(d.name() + d.type() + Arrays.hashCode(body) + "/" + body.length)) {
            measure(codec, bodies.version(), body, TinyElementBodies.Variant.MINIMAL,
                prefix + " 10,000 unknown tags", results, undecodable);
          }
        }
      });
    }
    results.sort(Comparator.comparingDouble(Measured::perByte).reversed());
    System.out.println("[allocation sweep] " + results.size() + " bodies decoded; the 10 worst:");
    results.stream().limit(10).forEach(m -> System.out.println("[allocation sweep]   " + m));
    for (TinyElementBodies.Variant v : TinyElementBodies.Variant.values()) {
      List<Measured> of = results.stream().filter(m -> m.what().endsWith(" " + v)).toList();
      long overCount = of.stream().filter(m -> !m.withinBound()).count();
      System.out.println("[allocation sweep] " + v + ": " + of.size() + " cases, " + overCount + " over, worst "
          + (of.isEmpty() ? "-" : of.get(0)));
    }
    results.stream().filter(m -> m.what().endsWith("unknown tags")).limit(1)
        .forEach(m -> System.out.println("[allocation sweep] top-level unknown tags: worst " + m));
    assertTrue(undecodable.isEmpty(), undecodable.size() + " generated bodies did not decode, e.g. " + undecodable.subList(0, Math.min(5, undecodable.size())));
    assertTrue(results.size() > 500, "only " + results.size() + " bodies");
    List<Measured> over = results.stream().filter(m -> !m.withinBound()).toList();
    assertTrue(over.isEmpty(), over.size() + " over 16 B/byte + 1 KiB, e.g. " + over.subList(0, Math.min(10, over.size())));
  }

  private static void measure(MessageCodec<?> codec, short version, byte[] body, TinyElementBodies.Variant variant,
      String what, List<Measured> results, List<String> undecodable) {
    DecodeOptions options = variant.lenientOnly() ? DecodeOptions.LENIENT : DecodeOptions.STRICT;
    try {
      codec.decode(body, version, options); // warms up, and fills any shared table
    } catch (RuntimeException e) {
      undecodable.add(what + ": " + e.getMessage());
      return;
    }
    long before = THREADS.getCurrentThreadAllocatedBytes();
    codec.decode(body, version, options);
    long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
    results.add(new Measured(what, allocated, body.length));
  }
}
