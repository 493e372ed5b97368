package io.kwire.tests.hostile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.BrokerRegistrationRequest;
import io.kwire.messages.BrokerRegistrationRequestCodec;
import io.kwire.messages.DescribeGroupsRequest;
import io.kwire.messages.DescribeGroupsRequestCodec;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.RawTaggedField;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.runtime.wire.WireWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each encoding rule: the message is refused with {@link KwireEncodeException}, and the writer it was
 * written into is as before the call (position and the bytes up to it), however far the write got.
 */
class EncodeRollbackTest {
  private static final byte[] BEFORE = {(byte) 0xab, (byte) 0xcd, (byte) 0xef};

  private static <T> KwireEncodeException refused(MessageCodec<T> codec, int version, T message, String reason) {
    WireWriter out = new WireWriter(4); // small, so that a write that gets far also reallocates
    out.writeRaw(BEFORE);
    KwireEncodeException e = assertThrows(KwireEncodeException.class, () -> codec.write(message, (short) version, out));
    assertTrue(e.getMessage().contains(reason), () -> "expected \"" + reason + "\" in: " + e.getMessage());
    assertEquals(BEFORE.length, out.position());
    assertArrayEquals(BEFORE, out.toByteArray());
    return e;
  }

  private static DescribeGroupsRequest groups(List<String> names) {
    return new DescribeGroupsRequest(names, false, UnknownTaggedFields.EMPTY);
  }

  @Test
  void aClassicStringOver32767Bytes() {
    List<String> names = new ArrayList<>(List.of("a", "b", "c"));
    names.add("x".repeat(32768)); // the last element: three strings are already written when it fails
    refused(DescribeGroupsRequestCodec.INSTANCE, 0, groups(names), "32768");
  }

  @Test
  void aUint16OutOfRange() {
    for (int port : new int[] {65536, -1}) {
      BrokerRegistrationRequest.Listener listener = new BrokerRegistrationRequest.Listener("PLAINTEXT", "h", port, (short) 0,
          UnknownTaggedFields.EMPTY);
      BrokerRegistrationRequest request = BrokerRegistrationRequestCodec.INSTANCE.newBuilder().build();
      BrokerRegistrationRequest withListener = new BrokerRegistrationRequest(request.brokerId(), "c", request.incarnationId(),
          List.of(listener), List.of(), null, false, List.of(), -1L, UnknownTaggedFields.EMPTY);
      refused(BrokerRegistrationRequestCodec.INSTANCE, 0, withListener, "uint16 value " + port + " is outside 0-65535");
    }
  }

  @Test
  void nullWhereTheVersionDoesNotAllowIt() {
    refused(DescribeGroupsRequestCodec.INSTANCE, 0, groups(null), "groups");
    refused(DescribeGroupsRequestCodec.INSTANCE, 0, groups(Arrays.asList("a", null)), "groups");
  }

  @Test
  void aNonDefaultValueInANonIgnorableFieldTheVersionLacks() {
    MetadataRequest m = new MetadataRequest(List.of(), false, false, false, UnknownTaggedFields.EMPTY);
    refused(MetadataRequestCodec.INSTANCE, 3, m, "allowAutoTopicCreation");
  }

  @Test
  void unknownTaggedFieldsInAVersionWithoutTags() {
    ApiVersionsRequest r = new ApiVersionsRequest("a", "b", null, -1,
        UnknownTaggedFields.of(new RawTaggedField(9, new byte[] {1})));
    refused(ApiVersionsRequestCodec.INSTANCE, 2, r, "ApiVersionsRequest");
  }

  @Test
  void anUnknownTaggedFieldWithTheTagOfAKnownOne() {
    // FetchRequest v12 knows tag 0 (ClusterId); the body is written before the tag section fails.
    FetchRequest empty = FetchRequestCodec.INSTANCE.newBuilder().clusterId("c").build();
    FetchRequest clash = new FetchRequestBuilderHelper(empty).withUnknown(UnknownTaggedFields.of(new RawTaggedField(0, new byte[] {1})));
    refused(FetchRequestCodec.INSTANCE, 12, clash, "tag of a known field");
  }

  @Test
  void aFrameIsRolledBackWhole() {
    WireWriter out = new WireWriter(4);
    out.writeRaw(BEFORE);
    RequestHeader header = new RequestHeader((short) 15, (short) 0, 1, "client");
    assertThrows(KwireEncodeException.class, () -> Frames.writeRequest(header, DescribeGroupsRequestCodec.INSTANCE,
        groups(List.of("x".repeat(40000))), out));
    assertArrayEquals(BEFORE, out.toByteArray());
  }

  /** Copies a FetchRequest with other unknown tagged fields, component by component. */
  private record FetchRequestBuilderHelper(FetchRequest f) {
    FetchRequest withUnknown(UnknownTaggedFields unknown) {
      return new FetchRequest(f.clusterId(), f.replicaId(), f.replicaState(), f.maxWaitMs(), f.minBytes(), f.maxBytes(),
          f.isolationLevel(), f.sessionId(), f.sessionEpoch(), f.topics(), f.forgottenTopicsData(), f.rackId(), unknown);
    }
  }
}
