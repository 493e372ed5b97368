package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.MessageType;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.CreateTopicsResponseBuilder;
import io.kwire.messages.CreateTopicsResponseCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.explain.FrameExplainer;
import io.kwire.runtime.explain.Region;
import io.kwire.runtime.explain.TreeText;
import io.kwire.runtime.explain.WireNode;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.RawTaggedField;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tagged fields, records down to each record, malformed input and the redaction hook. */
class WalkerDetailsTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();
  private static final FrameExplainer EXPLAINER = FrameExplainer.of(REGISTRY);

  private static byte[] createTopicsResponse() {
    CreateTopicsResponse body = new CreateTopicsResponseBuilder()
        .topics(List.of(new CreateTopicsResponseBuilder.CreatableTopicResultBuilder()
            .name("t").topicConfigErrorCode((short) 5)
            .unknownTaggedFields(UnknownTaggedFields.of(new RawTaggedField(9, new byte[] {1, 2})))
            .build()))
        .build();
    return Frames.encodeResponse(new ResponseHeader(7), CreateTopicsResponseCodec.INSTANCE, (short) 7, body);
  }

  @Test
  void taggedFieldsShowTagSizeAndValueKnownOrNot() {
    byte[] frame = createTopicsResponse();
    WireNode root = EXPLAINER.explainResponse(frame, 19, (short) 7);
    Trees.assertTiles(root, "CreateTopicsResponse");
    WireNode known = Trees.named(root, "TopicConfigErrorCode");
    assertEquals("tag 0", known.type());
    assertEquals(Region.TAGGED_FIELDS, known.region());
    WireNode value = known.children().get(2);
    assertEquals("int16", value.type());
    assertEquals("5", value.value());
    WireNode unknown = Trees.named(root, "unknown_tag_9");
    assertEquals("0x0102", unknown.children().get(2).value());
    WireNode section = Trees.all(root, n -> n.name().equals("tagged_fields") && n.value().equals("2")).get(0);
    assertEquals(List.of("count", "TopicConfigErrorCode", "unknown_tag_9"),
        section.children().stream().map(WireNode::name).toList());
    assertEquals("\"t\" (compact, len+1=2)", Trees.named(root, "Name").value());
  }

  /** A Produce v3 sample with its 61-byte batch replaced by {@code records}: records are its last field. */
  private static byte[] produceWith(Records records) {
    byte[] sample = SampleWriter.requestFrame(Apis.find(REGISTRY, "Produce", MessageType.REQUEST), (short) 3);
    byte[] bytes = records.toByteArray();
    ByteBuffer frame = ByteBuffer.allocate(sample.length - 61 + bytes.length);
    frame.put(sample, 0, sample.length - 65).putInt(bytes.length).put(bytes);
    frame.putInt(0, frame.capacity() - 4);
    return frame.array();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void recordBatchV2ShowsEveryRecordAndHeader() {
    Records records = RecordBatchBuilder.create(100)
        .append(1_000, utf8("k"), utf8("v"), new Header("h", utf8("x")))
        .append(1_001, null, utf8("second"))
        .build();
    WireNode root = EXPLAINER.explainRequest(produceWith(records));
    Trees.assertTiles(root, "Produce v3");
    WireNode batch = Trees.named(root, "RecordBatch[0]");
    assertEquals("v2, 2 records", batch.value());
    assertEquals("100", Trees.named(batch, "baseOffset").value());
    assertTrue(Trees.named(batch, "crc").note().endsWith("valid"));
    WireNode first = Trees.named(batch, "Record[0]");
    assertEquals(Region.RECORD, first.region());
    assertEquals("0x6b (varint len=1)", Trees.named(first, "key").value());
    assertEquals("\"h\" (varint len=1)", Trees.named(first, "headerKey").value());
    assertEquals("null (varint len=-1)", Trees.named(Trees.named(batch, "Record[1]"), "key").value());
  }

  @Test
  void compressedBatchesAndLegacyMessageSetsAreExplained() {
    Records gzip = RecordBatchBuilder.create(0).compression(Compression.GZIP).append(5, utf8("k"), utf8("v")).build();
    WireNode compressed = Trees.named(EXPLAINER.explainRequest(produceWith(gzip)), "compressedRecords");
    assertTrue(compressed.note().startsWith("gzip"), compressed.note());

    Records legacy = LegacyRecordsBuilder.create((byte) 1, 0).append(5, utf8("k"), utf8("v")).build();
    WireNode root = EXPLAINER.explainRequest(produceWith(legacy));
    Trees.assertTiles(root, "legacy");
    WireNode message = Trees.named(root, "Message[0]");
    assertEquals("v1", message.value());
    assertEquals("0x76 (int32 len=1)", Trees.named(message, "value").value());
    assertTrue(Trees.named(message, "crc").note().endsWith("valid"));
  }

  @Test
  void malformedInputNamesOffsetAndPath() {
    byte[] frame = createTopicsResponse();
    byte[] truncated = Arrays.copyOf(frame, frame.length - 3);
    ByteBuffer.wrap(truncated).putInt(0, truncated.length - 4);
    KwireProtocolException e = assertThrows(KwireProtocolException.class,
        () -> EXPLAINER.explainResponse(truncated, 19, (short) 7));
    assertTrue(e.fieldPath().startsWith("CreateTopicsResponse.Topics[0]"), e.fieldPath());
    assertTrue(e.offset() > 9 && e.offset() <= truncated.length, "offset " + e.offset());

    KwireProtocolException size = assertThrows(KwireProtocolException.class,
        () -> EXPLAINER.explainResponse(Arrays.copyOf(frame, frame.length - 1), 19, (short) 7));
    assertEquals("Frame.size", size.fieldPath());

    byte[] unknownApi = {0, 0, 0, 6, 0x7f, 0, 0, 0, 0, 0};
    KwireProtocolException api = assertThrows(KwireProtocolException.class, () -> EXPLAINER.explainRequest(unknownApi));
    assertEquals("RequestHeader.request_api_key", api.fieldPath());
    assertEquals(4, api.offset());
  }

  @Test
  void secretFieldsLoseValueAndBytesButKeepTheirPlace() {
    CreateTopicsResponse body = new CreateTopicsResponseBuilder()
        .topics(List.of(new CreateTopicsResponseBuilder.CreatableTopicResultBuilder().name("t")
            .configs(List.of(
                new CreateTopicsResponse.CreatableTopicConfigs("ssl.key.password", "pw", false, (byte) 1, false,
                    UnknownTaggedFields.EMPTY),
                new CreateTopicsResponse.CreatableTopicConfigs("retention.ms", "1000", false, (byte) 1, false,
                    UnknownTaggedFields.EMPTY)))
            .build()))
        .build();
    byte[] frame = Frames.encodeResponse(new ResponseHeader(7), CreateTopicsResponseCodec.INSTANCE, (short) 7, body);
    WireNode root = EXPLAINER.hidingSecrets().explainResponse(frame, 19, (short) 7);
    Trees.assertTiles(root, "redacted");
    List<WireNode> values = Trees.all(root, n -> n.name().equals("Value"));
    assertTrue(values.get(0).redacted());
    assertEquals("<redacted, 3 bytes>", values.get(0).value());
    assertFalse(values.get(1).redacted());
    String dump = TreeText.hexDump(frame, root);
    assertTrue(dump.contains("** ** **"), dump);
    assertFalse(TreeText.tree(root).contains("\"pw\""));
    assertTrue(TreeText.tree(root).contains("\"1000\""));
  }
}
