package io.kwire.tests.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordCursor;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;

/**
 * Coverage-guided fuzz targets (Jazzer). In a normal test run each replays its saved inputs (under
 * {@code src/test/resources/io/kwire/tests/fuzz/FrameFuzzTestInputs/<method>/}); with
 * {@code JAZZER_FUZZ=1} it fuzzes (docs/robustness.md has the command). Anything but
 * {@link KwireProtocolException} escaping, or a decoded request that does not re-encode as its
 * size says, is a finding.
 */
class FrameFuzzTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  @FuzzTest(maxDuration = "10m")
  void requestFrames(byte[] frame) {
    for (DecodeOptions options : new DecodeOptions[] {DecodeOptions.STRICT, DecodeOptions.LENIENT}) {
      try {
        checkReencodes(Frames.decodeRequest(frame, REGISTRY, options));
      } catch (KwireProtocolException expected) {
        // the one documented failure
      }
    }
  }

  /** The decoded frame re-encodes to as many bytes as size() says, and that frame decodes strictly. */
  private static <T> void checkReencodes(DecodedRequest<T> decoded) {
    short version = decoded.header().requestApiVersion();
    byte[] again = Frames.encodeRequest(decoded.header(), decoded.codec(), decoded.body());
    int expected = 4 + RequestHeaderCodec.INSTANCE.size(decoded.header(), decoded.codec().headerVersion(version))
        + decoded.codec().size(decoded.body(), version);
    if (again.length != expected) {
      throw new AssertionError("re-encoded to " + again.length + " bytes, size() says " + expected);
    }
    Frames.decodeRequest(again, decoded.codec());
  }

  /** CRCs are not checked here, so that the fuzzer reaches the records instead of stopping at checksums. */
  @FuzzTest(maxDuration = "10m")
  void recordBatches(byte[] bytes) {
    try {
      for (RecordBatch batch : Records.wrap(bytes).batches(ReadOptions.DEFAULT.withMaxDecompressedBytes(1 << 20).withVerifyCrc(false))) {
        RecordCursor cursor = batch.cursor();
        while (cursor.next()) {
          cursor.record().keyBytes();
          cursor.record().valueBytes();
          cursor.record().headers();
        }
      }
    } catch (KwireProtocolException expected) {
      // the one documented failure
    }
  }
}
