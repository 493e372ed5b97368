package io.kwire.tests.hostile;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordCursor;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.tests.Hex;
import io.kwire.tests.differential.MessageFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seeded mutants of whole request and response frames (through the registry, strict and lenient), and
 * of record sets of every magic and codec (with and without CRC checks, so that mutants get past the
 * checksum): {@link KwireProtocolException} is the only failure.
 */
class HostileFramesAndRecordsTest {
  private static final int MUTANTS_PER_FRAME = 24;
  private static final int MUTANTS_PER_RECORD_SET = 1500;
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  @Test
  void mutatedFramesOfEveryApi() {
    for (ApiMessageCodec<?> codec : REGISTRY.apis()) {
      VersionRange valid = codec.descriptor().validVersions();
      for (int v = valid.lowest(); v <= valid.highest(); v++) {
        frames(codec, (short) v);
      }
    }
  }

  private static <T> void frames(ApiMessageCodec<T> codec, short version) {
    long seed = codec.descriptor().name().hashCode() * 131L + version;
    T body = MessageFactory.random(codec, version, seed);
    boolean request = codec.descriptor().type() == io.kwire.annotations.MessageType.REQUEST;
    byte[] frame = request
        ? Frames.encodeRequest(new RequestHeader(codec.apiKey(), version, 42, codec.headerVersion(version) == 0 ? "" : "c"), codec, body)
        : Frames.encodeResponse(new ResponseHeader(42), codec, version, body);
    Mutator mutator = new Mutator(seed);
    for (int i = 0; i < MUTANTS_PER_FRAME; i++) {
      byte[] mutant = mutator.mutate(frame);
      for (DecodeOptions options : new DecodeOptions[] {DecodeOptions.STRICT, DecodeOptions.LENIENT}) {
        try {
          if (request) {
            Frames.decodeRequest(mutant, REGISTRY, options);
          } else {
            Frames.decodeResponse(mutant, codec, version, options);
          }
        } catch (KwireProtocolException expected) {
          // the only acceptable failure
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
          throw new AssertionError(codec.descriptor().name() + " v" + version + " frame threw " + e + " on " + Hex.of(mutant), e);
        }
      }
    }
  }

  @Test
  void mutatedRecordSetsOfEveryMagicAndCodec() {
    List<byte[]> sets = new ArrayList<>();
    for (Compression c : Compression.values()) {
      RecordBatchBuilder b = RecordBatchBuilder.create(7).compression(c).producer(3, (short) 1, 0);
      for (int i = 0; i < 5; i++) {
        b.append(1000 + i, i % 2 == 0 ? null : utf8("k" + i), utf8("value " + i), new Header("h" + i, utf8("x")));
      }
      sets.add(b.build().toByteArray());
    }
    for (byte magic = 0; magic <= 1; magic++) {
      for (Compression c : new Compression[] {Compression.NONE, Compression.GZIP, Compression.SNAPPY, Compression.LZ4}) {
        sets.add(LegacyRecordsBuilder.create(magic, 3).compression(c).append(1, utf8("k"), utf8("v"))
            .append(2, null, utf8("w")).build().toByteArray());
      }
    }
    ReadOptions[] modes = {ReadOptions.DEFAULT, ReadOptions.DEFAULT.withVerifyCrc(false).withMaxDecompressedBytes(1 << 20)};
    for (int s = 0; s < sets.size(); s++) {
      Mutator mutator = new Mutator(s);
      for (int i = 0; i < MUTANTS_PER_RECORD_SET; i++) {
        byte[] mutant = mutator.mutate(sets.get(s));
        for (ReadOptions options : modes) {
          try {
            readAll(mutant, options);
          } catch (KwireProtocolException expected) {
            // the only acceptable failure
          } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            throw new AssertionError("record set " + s + " threw " + e + " on " + Hex.of(mutant), e);
          }
        }
      }
    }
  }

  private static void readAll(byte[] bytes, ReadOptions options) {
    for (RecordBatch batch : Records.wrap(bytes).batches(options)) {
      RecordCursor cursor = batch.cursor();
      while (cursor.next()) {
        KafkaRecord r = cursor.record();
        r.keyBytes();
        r.valueBytes();
        r.headers();
      }
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
