package io.kwire.bench.handwritten;

import static io.kwire.bench.handwritten.HandWriter.MAX_VARINT;
import static io.kwire.bench.handwritten.HandWriter.putBool;
import static io.kwire.bench.handwritten.HandWriter.putCompactString;
import static io.kwire.bench.handwritten.HandWriter.putInt16;
import static io.kwire.bench.handwritten.HandWriter.putInt32;
import static io.kwire.bench.handwritten.HandWriter.putInt32s;
import static io.kwire.bench.handwritten.HandWriter.putNoTaggedFields;
import static io.kwire.bench.handwritten.HandWriter.putUuid;
import static io.kwire.bench.handwritten.HandWriter.putVarint;
import static io.kwire.bench.handwritten.HandWriter.room;

import io.kwire.bench.handwritten.HandMetadataResponse.Broker;
import io.kwire.bench.handwritten.HandMetadataResponse.Partition;
import io.kwire.bench.handwritten.HandMetadataResponse.Topic;
import java.util.List;

/**
 * MetadataResponse v13 (flexible), body only, by hand. Layout: throttleTimeMs, brokers[nodeId, host,
 * port, rack?], clusterId?, controllerId, topics[errorCode, name?, topicId, isInternal, partitions[
 * errorCode, partitionIndex, leaderId, leaderEpoch, replicaNodes, isrNodes, offlineReplicas],
 * topicAuthorizedOperations], errorCode; every struct ends with a tagged-field section.
 */
public final class HandMetadataResponseCodec {
  /** Fewest bytes a broker, topic or partition can take: bounds a forged array count. */
  private static final int MIN_BROKER = 4 + 1 + 4 + 1 + 1;
  private static final int MIN_TOPIC = 2 + 1 + 16 + 1 + 1 + 4 + 1;
  private static final int MIN_PARTITION = 14 + 1 + 1 + 1 + 1;

  private HandMetadataResponseCodec() {}

  /** Writes {@code m} at the writer's position; returns the position after it. */
  public static int encode(HandMetadataResponse m, HandWriter out) {
    List<Broker> brokers = m.brokers();
    int n = brokers.size();
    int p = out.start();
    byte[] b = out.reserve(p, 4 + MAX_VARINT);
    p = putInt32(b, p, m.throttleTimeMs());
    p = putVarint(b, p, n + 1);
    for (int i = 0; i < n; i++) {
      p = writeBroker(brokers.get(i), out, p);
    }
    String clusterId = m.clusterId();
    List<Topic> topics = m.topics();
    n = topics.size();
    b = out.reserve(p, room(clusterId) + 4 + MAX_VARINT);
    p = putCompactString(b, p, clusterId);
    p = putInt32(b, p, m.controllerId());
    p = putVarint(b, p, n + 1);
    for (int i = 0; i < n; i++) {
      p = writeTopic(topics.get(i), out, p);
    }
    b = out.reserve(p, 2 + 1);
    p = putInt16(b, p, m.errorCode());
    return out.finish(putNoTaggedFields(b, p));
  }

  private static int writeBroker(Broker x, HandWriter out, int p) {
    String host = x.host();
    String rack = x.rack();
    byte[] b = out.reserve(p, 4 + room(host) + 4 + room(rack) + 1);
    p = putInt32(b, p, x.nodeId());
    p = putCompactString(b, p, host);
    p = putInt32(b, p, x.port());
    p = putCompactString(b, p, rack);
    return putNoTaggedFields(b, p);
  }

  private static int writeTopic(Topic x, HandWriter out, int p) {
    String name = x.name();
    List<Partition> partitions = x.partitions();
    int n = partitions.size();
    byte[] b = out.reserve(p, 2 + room(name) + 16 + 1 + MAX_VARINT);
    p = putInt16(b, p, x.errorCode());
    p = putCompactString(b, p, name);
    p = putUuid(b, p, x.topicIdHigh(), x.topicIdLow());
    p = putBool(b, p, x.isInternal());
    p = putVarint(b, p, n + 1);
    for (int i = 0; i < n; i++) {
      p = writePartition(partitions.get(i), out, p);
    }
    b = out.reserve(p, 4 + 1);
    p = putInt32(b, p, x.topicAuthorizedOperations());
    return putNoTaggedFields(b, p);
  }

  private static int writePartition(Partition x, HandWriter out, int p) {
    int[] replicas = x.replicaNodes();
    int[] isr = x.isrNodes();
    int[] offline = x.offlineReplicas();
    byte[] b = out.reserve(p, 14 + 3 * MAX_VARINT + 4 * (replicas.length + isr.length + offline.length) + 1);
    p = putInt16(b, p, x.errorCode());
    p = putInt32(b, p, x.partitionIndex());
    p = putInt32(b, p, x.leaderId());
    p = putInt32(b, p, x.leaderEpoch());
    p = putInt32s(b, p, replicas);
    p = putInt32s(b, p, isr);
    p = putInt32s(b, p, offline);
    return putNoTaggedFields(b, p);
  }

  /** Reads the body in {@code b[off, off + len)}, all of it; throws {@link HandDecodeException} on bad bytes. */
  public static HandMetadataResponse decode(byte[] b, int off, int len) {
    HandReader in = new HandReader(b, off, len);
    int throttleTimeMs = (int) HandReader.INT.get(b, in.need(4));
    in.pos += 4;
    Broker[] brokers = new Broker[in.count(MIN_BROKER)];
    for (int i = 0; i < brokers.length; i++) {
      brokers[i] = readBroker(in);
    }
    String clusterId = in.nullableString();
    int controllerId = (int) HandReader.INT.get(b, in.need(4));
    in.pos += 4;
    Topic[] topics = new Topic[in.count(MIN_TOPIC)];
    for (int i = 0; i < topics.length; i++) {
      topics[i] = readTopic(in);
    }
    short errorCode = (short) HandReader.SHORT.get(b, in.need(2));
    in.pos += 2;
    in.skipTaggedFields();
    in.requireEnd();
    return new HandMetadataResponse(throttleTimeMs, HandList.own(brokers), clusterId, controllerId,
        HandList.own(topics), errorCode);
  }

  private static Broker readBroker(HandReader in) {
    byte[] b = in.b;
    int nodeId = (int) HandReader.INT.get(b, in.need(4));
    in.pos += 4;
    String host = in.string();
    int port = (int) HandReader.INT.get(b, in.need(4));
    in.pos += 4;
    String rack = in.nullableString();
    in.skipTaggedFields();
    return new Broker(nodeId, host, port, rack);
  }

  private static Topic readTopic(HandReader in) {
    byte[] b = in.b;
    short errorCode = (short) HandReader.SHORT.get(b, in.need(2));
    in.pos += 2;
    String name = in.nullableString();
    int p = in.need(16 + 1);
    long idHigh = (long) HandReader.LONG.get(b, p);
    long idLow = (long) HandReader.LONG.get(b, p + 8);
    boolean isInternal = b[p + 16] != 0;
    in.pos = p + 17;
    Partition[] partitions = new Partition[in.count(MIN_PARTITION)];
    for (int i = 0; i < partitions.length; i++) {
      partitions[i] = readPartition(in);
    }
    int topicAuthorizedOperations = (int) HandReader.INT.get(b, in.need(4));
    in.pos += 4;
    in.skipTaggedFields();
    return new Topic(errorCode, name, idHigh, idLow, isInternal, HandList.own(partitions), topicAuthorizedOperations);
  }

  private static Partition readPartition(HandReader in) {
    byte[] b = in.b;
    int p = in.need(14);
    short errorCode = (short) HandReader.SHORT.get(b, p);
    int partitionIndex = (int) HandReader.INT.get(b, p + 2);
    int leaderId = (int) HandReader.INT.get(b, p + 6);
    int leaderEpoch = (int) HandReader.INT.get(b, p + 10);
    in.pos = p + 14;
    int[] replicas = in.int32s();
    int[] isr = in.int32sOrSame(replicas);
    int[] offline = in.int32s();
    in.skipTaggedFields();
    return new Partition(errorCode, partitionIndex, leaderId, leaderEpoch, replicas, isr, offline);
  }
}
