package io.kwire.bench.handwritten;

import static io.kwire.bench.handwritten.HandWriter.MAX_VARINT;
import static io.kwire.bench.handwritten.HandWriter.putBool;
import static io.kwire.bench.handwritten.HandWriter.putCompactString;
import static io.kwire.bench.handwritten.HandWriter.putInt16;
import static io.kwire.bench.handwritten.HandWriter.putInt32;
import static io.kwire.bench.handwritten.HandWriter.putInt32s;
import static io.kwire.bench.handwritten.HandWriter.putNoTaggedFields;
import static io.kwire.bench.handwritten.HandWriter.putVarint;
import static io.kwire.bench.handwritten.HandWriter.room;

import io.kwire.bench.handwritten.HandCreateTopicsRequest.Assignment;
import io.kwire.bench.handwritten.HandCreateTopicsRequest.Config;
import io.kwire.bench.handwritten.HandCreateTopicsRequest.Topic;
import java.util.List;

/**
 * CreateTopicsRequest v7 (flexible), body only, by hand. Layout: topics[name, numPartitions,
 * replicationFactor, assignments[partitionIndex, brokerIds], configs[name, value?]], timeoutMs,
 * validateOnly; every struct ends with a tagged-field section.
 */
public final class HandCreateTopicsRequestCodec {
  /** Fewest bytes a topic, assignment or config can take: bounds a forged array count. */
  private static final int MIN_TOPIC = 1 + 4 + 2 + 1 + 1 + 1;
  private static final int MIN_ASSIGNMENT = 4 + 1 + 1;
  private static final int MIN_CONFIG = 1 + 1 + 1;

  private HandCreateTopicsRequestCodec() {}

  /** Writes {@code m} at the writer's position; returns the position after it. */
  public static int encode(HandCreateTopicsRequest m, HandWriter out) {
    List<Topic> topics = m.topics();
    int n = topics.size();
    int p = out.start();
    byte[] b = out.reserve(p, MAX_VARINT);
    p = putVarint(b, p, n + 1);
    for (int i = 0; i < n; i++) {
      p = writeTopic(topics.get(i), out, p);
    }
    b = out.reserve(p, 4 + 1 + 1);
    p = putInt32(b, p, m.timeoutMs());
    p = putBool(b, p, m.validateOnly());
    return out.finish(putNoTaggedFields(b, p));
  }

  private static int writeTopic(Topic x, HandWriter out, int p) {
    String name = x.name();
    List<Assignment> assignments = x.assignments();
    int n = assignments.size();
    byte[] b = out.reserve(p, room(name) + 4 + 2 + MAX_VARINT);
    p = putCompactString(b, p, name);
    p = putInt32(b, p, x.numPartitions());
    p = putInt16(b, p, x.replicationFactor());
    p = putVarint(b, p, n + 1);
    for (int i = 0; i < n; i++) {
      Assignment a = assignments.get(i);
      int[] brokerIds = a.brokerIds();
      b = out.reserve(p, 4 + MAX_VARINT + 4 * brokerIds.length + 1);
      p = putInt32(b, p, a.partitionIndex());
      p = putInt32s(b, p, brokerIds);
      p = putNoTaggedFields(b, p);
    }
    List<Config> configs = x.configs();
    n = configs.size();
    b = out.reserve(p, MAX_VARINT);
    p = putVarint(b, p, n + 1);
    for (int i = 0; i < n; i++) {
      Config c = configs.get(i);
      String configName = c.name();
      String value = c.value();
      b = out.reserve(p, room(configName) + room(value) + 1);
      p = putCompactString(b, p, configName);
      p = putCompactString(b, p, value);
      p = putNoTaggedFields(b, p);
    }
    b = out.reserve(p, 1);
    return putNoTaggedFields(b, p);
  }

  /** Reads the body in {@code b[off, off + len)}, all of it; throws {@link HandDecodeException} on bad bytes. */
  public static HandCreateTopicsRequest decode(byte[] b, int off, int len) {
    HandReader in = new HandReader(b, off, len);
    Topic[] topics = new Topic[in.count(MIN_TOPIC)];
    for (int i = 0; i < topics.length; i++) {
      topics[i] = readTopic(in);
    }
    int p = in.need(4 + 1);
    int timeoutMs = (int) HandReader.INT.get(b, p);
    boolean validateOnly = b[p + 4] != 0;
    in.pos = p + 5;
    in.skipTaggedFields();
    in.requireEnd();
    return new HandCreateTopicsRequest(HandList.own(topics), timeoutMs, validateOnly);
  }

  private static Topic readTopic(HandReader in) {
    byte[] b = in.b;
    String name = in.string();
    int p = in.need(4 + 2);
    int numPartitions = (int) HandReader.INT.get(b, p);
    short replicationFactor = (short) HandReader.SHORT.get(b, p + 4);
    in.pos = p + 6;
    int n = in.count(MIN_ASSIGNMENT);
    List<Assignment> assignments = n == 0 ? List.of() : readAssignments(in, n); // usually none: no array, no view
    Config[] configs = new Config[in.count(MIN_CONFIG)];
    for (int i = 0; i < configs.length; i++) {
      String configName = in.string();
      String value = in.nullableString();
      in.skipTaggedFields();
      configs[i] = new Config(configName, value);
    }
    in.skipTaggedFields();
    return new Topic(name, numPartitions, replicationFactor, assignments, HandList.own(configs));
  }

  private static List<Assignment> readAssignments(HandReader in, int n) {
    byte[] b = in.b;
    Assignment[] assignments = new Assignment[n];
    for (int i = 0; i < n; i++) {
      int partitionIndex = (int) HandReader.INT.get(b, in.need(4));
      in.pos += 4;
      int[] brokerIds = in.int32s();
      in.skipTaggedFields();
      assignments[i] = new Assignment(partitionIndex, brokerIds);
    }
    return HandList.own(assignments);
  }
}
