package io.kwire.bench;

import io.kwire.annotations.MessageType;
import io.kwire.tests.oracle.KafkaOracles;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.kafka.common.message.RequestHeaderData;
import org.apache.kafka.common.message.ResponseHeaderData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.MessageUtil;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.protocol.Readable;

/**
 * One message, at one version, held by both libraries with the same content: kwire's record and
 * Kafka's {@code *Data} object (converted once, at set-up, by the copied test oracle).
 *
 * @param <T> kwire's record type
 */
public final class Workload<T> {
  /** Kafka's reading constructor, e.g. {@code MetadataResponseData::new}: a direct call, no reflection. */
  @FunctionalInterface
  public interface KafkaReader {
    ApiMessage read(Readable in, short version);
  }

  static final int CORRELATION_ID = 42;
  static final String CLIENT_ID = "bench-client";

  final String name;
  final ApiMessageCodec<T> codec;
  final short version;
  final T message;
  final ApiMessage kafka;
  final KafkaReader kafkaReader;
  final boolean request;
  final short headerVersion;
  final RequestHeader requestHeader;
  final ResponseHeader responseHeader;
  final RequestHeaderData kafkaRequestHeader;
  final ResponseHeaderData kafkaResponseHeader;

  Workload(String name, ApiMessageCodec<T> codec, int version, T message, KafkaReader kafkaReader) {
    this.name = name;
    this.codec = codec;
    this.version = (short) version;
    this.message = message;
    this.kafka = (ApiMessage) KafkaOracles.current().toKafka(message, codec.descriptor());
    this.kafkaReader = kafkaReader;
    this.request = codec.type() == MessageType.REQUEST;
    ApiKeys key = ApiKeys.forId(codec.apiKey());
    this.headerVersion = request ? key.requestHeaderVersion(this.version) : key.responseHeaderVersion(this.version);
    this.requestHeader = new RequestHeader(codec.apiKey(), this.version, CORRELATION_ID, CLIENT_ID);
    this.responseHeader = new ResponseHeader(CORRELATION_ID);
    this.kafkaRequestHeader = new RequestHeaderData().setRequestApiKey(codec.apiKey())
        .setRequestApiVersion(this.version).setCorrelationId(CORRELATION_ID).setClientId(CLIENT_ID);
    this.kafkaResponseHeader = new ResponseHeaderData().setCorrelationId(CORRELATION_ID);
  }

  public String name() {
    return name;
  }

  /** The body, as kwire writes it. */
  byte[] kwireBody() {
    return codec.encode(message, version);
  }

  /** The body, as Kafka writes it. */
  byte[] kafkaBody() {
    return MessageUtil.byteBufferToArray(MessageUtil.toByteBufferAccessor(kafka, version).buffer());
  }

  byte[] kwireFrame() {
    WireWriter out = new WireWriter();
    writeKwireFrame(out);
    return out.toByteArray();
  }

  void writeKwireFrame(WireWriter out) {
    if (request) {
      Frames.writeRequest(requestHeader, codec, message, out);
    } else {
      Frames.writeResponse(responseHeader, codec, version, message, out);
    }
  }

  Object decodeKwireFrame(byte[] frame) {
    return request ? Frames.decodeRequest(frame, codec) : Frames.decodeResponse(frame, codec, version);
  }

  byte[] kafkaFrame() {
    ObjectSerializationCache cache = new ObjectSerializationCache();
    ByteBuffer buf = ByteBuffer.allocate(4 + kafkaHeaderSize(cache) + kafka.size(cache, version));
    writeKafkaFrame(buf, cache);
    return buf.array();
  }

  /** As Kafka's network layer does: sizes (filling the cache), then the size prefix, header and body. */
  int writeKafkaFrame(ByteBuffer buf, ObjectSerializationCache cache) {
    int size = kafkaHeaderSize(cache) + kafka.size(cache, version);
    buf.clear();
    ByteBufferAccessor out = new ByteBufferAccessor(buf);
    out.writeInt(size);
    if (request) {
      kafkaRequestHeader.write(out, cache, headerVersion);
    } else {
      kafkaResponseHeader.write(out, cache, headerVersion);
    }
    kafka.write(out, cache, version);
    return buf.position();
  }

  private int kafkaHeaderSize(ObjectSerializationCache cache) {
    return request ? kafkaRequestHeader.size(cache, headerVersion) : kafkaResponseHeader.size(cache, headerVersion);
  }

  /** Kafka's way of reading a frame: the size, the header (RequestHeader.parse finds its version), the body. */
  Object decodeKafkaFrame(byte[] frame) {
    ByteBuffer buf = ByteBuffer.wrap(frame);
    int size = buf.getInt();
    if (size != frame.length - 4) {
      throw new IllegalStateException("bad size prefix");
    }
    if (request) {
      org.apache.kafka.common.requests.RequestHeader header = org.apache.kafka.common.requests.RequestHeader.parse(buf);
      return kafkaReader.read(new ByteBufferAccessor(buf), header.apiVersion());
    }
    org.apache.kafka.common.requests.ResponseHeader.parse(buf, headerVersion);
    return kafkaReader.read(new ByteBufferAccessor(buf), version);
  }

  /**
   * Fails unless both libraries write the same body and frame bytes, and each reads the other's
   * bytes back to the same content: timing two libraries doing different work would mean nothing.
   */
  void verify() {
    byte[] kwire = kwireBody();
    byte[] kafkaBytes = kafkaBody();
    requireSame("body", kwire, kafkaBytes);
    WireWriter reused = new WireWriter(16);
    codec.write(message, version, reused);
    requireSame("body written into a WireWriter", Arrays.copyOf(reused.buffer(), reused.position()), kafkaBytes);
    if (codec.size(message, version) != kwire.length) {
      throw new IllegalStateException(name + ": kwire size() " + codec.size(message, version) + " != " + kwire.length);
    }
    if (!codec.decode(kafkaBytes, version).equals(message)) {
      throw new IllegalStateException(name + ": kwire does not read Kafka's bytes back to the same message");
    }
    ApiMessage kafkaRead = kafkaReader.read(new ByteBufferAccessor(ByteBuffer.wrap(kwire)), version);
    requireSame("Kafka's re-encoding of kwire's bytes",
        MessageUtil.byteBufferToArray(MessageUtil.toByteBufferAccessor(kafkaRead, version).buffer()), kwire);
    requireSame("frame", kwireFrame(), kafkaFrame());
  }

  private void requireSame(String what, byte[] kwire, byte[] kafkaBytes) {
    if (!Arrays.equals(kwire, kafkaBytes)) {
      int at = Arrays.mismatch(kwire, kafkaBytes);
      throw new IllegalStateException(name + ": " + what + " differs: kwire " + kwire.length + " bytes, Kafka "
          + kafkaBytes.length + " bytes, first difference at byte " + at);
    }
  }
}
