package io.kwire.bench;

import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * What a broker's request log sees, deterministic: mostly Produce and Fetch with small uncompressed
 * record batches (10 records, 0.5-2 KiB), and the group, metadata and housekeeping traffic around
 * them (Metadata, OffsetCommit, Heartbeat, ApiVersions, FindCoordinator, ListOffsets), requests
 * and responses, at versions current clients use. Written as Kafka's JSON, read by kwire-json.
 */
public final class TrafficCorpus {
  private TrafficCorpus() {}

  /** {@code cycles} rounds of 28 messages, each round with other topics, offsets and record bytes. */
  public static List<JsonlCorpus.Message> messages(int cycles) {
    List<JsonlCorpus.Message> out = new ArrayList<>();
    for (int c = 0; c < cycles; c++) {
      for (int i = 0; i < 4; i++) {
        int t = c * 7 + i;
        add(out, "Produce", true, 9, produce(t, 1, 1024, c * 1000L + i * 10));
        add(out, "Produce", false, 9, produceResponse(t, 1, c * 1000L + i * 10));
      }
      for (int i = 0; i < 2; i++) {
        int t = c * 7 + 4 + i;
        add(out, "Produce", true, 11, produce(t, 3, 512, c * 500L + i * 30));
        add(out, "Produce", false, 11, produceResponse(t, 3, c * 500L + i * 30));
      }
      for (int i = 0; i < 3; i++) {
        add(out, "Fetch", true, 12, fetch(c + i, c * 100L + i));
      }
      add(out, "Fetch", false, 12, fetchResponse(c, 2, 2048, c * 100L));
      add(out, "Fetch", false, 12, fetchResponse(c + 1, 2, 2048, c * 100L + 10));
      add(out, "Fetch", false, 12, fetchResponse(c + 2, 8, 0, c * 100L + 20));
      add(out, "Metadata", true, 12, "{\"topics\":[" + metadataTopic(c) + "," + metadataTopic(c + 1)
          + "],\"allowAutoTopicCreation\":true,\"includeTopicAuthorizedOperations\":false}");
      add(out, "Metadata", false, 12, metadataResponse(c));
      add(out, "OffsetCommit", true, 8, offsetCommit(c));
      add(out, "OffsetCommit", false, 8, offsetCommitResponse(c));
      add(out, "Heartbeat", true, 4, "{\"groupId\":\"" + group(c) + "\",\"generationId\":" + (40 + c)
          + ",\"memberId\":\"" + member(c) + "\",\"groupInstanceId\":null}");
      add(out, "Heartbeat", false, 4, "{\"throttleTimeMs\":0,\"errorCode\":0}");
      add(out, "ApiVersions", true, 3, "{\"clientSoftwareName\":\"apache-kafka-java\",\"clientSoftwareVersion\":\"4.0.0\"}");
      add(out, "ApiVersions", false, 3, apiVersionsResponse());
      add(out, "FindCoordinator", true, 4, "{\"keyType\":0,\"coordinatorKeys\":[\"" + group(c) + "\"]}");
      add(out, "FindCoordinator", false, 4, "{\"throttleTimeMs\":0,\"coordinators\":[{\"key\":\"" + group(c)
          + "\",\"nodeId\":" + c % 3 + ",\"host\":\"" + host(c % 3) + "\",\"port\":9092,\"errorCode\":0,\"errorMessage\":null}]}");
      add(out, "ListOffsets", true, 7, listOffsets(c));
      add(out, "ListOffsets", false, 7, listOffsetsResponse(c));
    }
    return out;
  }

  private static void add(List<JsonlCorpus.Message> out, String api, boolean request, int version, String json) {
    KwireRegistry registry = KwireRegistry.standard();
    for (ApiMessageCodec<?> codec : registry.apis()) {
      if (codec.descriptor().name().equals(api + (request ? "Request" : "Response"))
          && codec.messageType().getPackageName().equals("io.kwire.messages")) {
        out.add(new JsonlCorpus.Message(codec, (short) version, KwireJson.jsonToBytes(codec, json, (short) version)));
        return;
      }
    }
    throw new IllegalArgumentException("no API " + api);
  }

  private static String topic(int t) {
    return Content.topicName(t % 40);
  }

  private static String group(int c) {
    return "payments-consumer-group-" + c % 5;
  }

  private static String member(int c) {
    return "consumer-payments-" + c % 5 + "-" + String.format(Locale.ROOT, "%08x-1c2d-4e5f-8a9b-0c1d2e3f4a5b", c * 7919);
  }

  private static String host(int broker) {
    return "broker-" + broker + ".kafka.example.internal";
  }

  private static String records(long baseOffset, int bytes) {
    Records batch = Content.batch(baseOffset, bytes, 10);
    return Base64.getEncoder().encodeToString(batch.toByteArray());
  }

  private static String produce(int t, int partitions, int batchBytes, long base) {
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < partitions; i++) {
      p.append(i == 0 ? "" : ",").append("{\"index\":").append(i).append(",\"records\":\"")
          .append(records(base + i * 10L, batchBytes)).append("\"}");
    }
    return "{\"transactionalId\":null,\"acks\":-1,\"timeoutMs\":30000,\"topicData\":[{\"name\":\"" + topic(t)
        + "\",\"partitionData\":[" + p + "]}]}";
  }

  private static String produceResponse(int t, int partitions, long base) {
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < partitions; i++) {
      p.append(i == 0 ? "" : ",").append("{\"index\":").append(i).append(",\"errorCode\":0,\"baseOffset\":")
          .append(base + i * 10L).append(",\"logAppendTimeMs\":-1,\"logStartOffset\":0,\"recordErrors\":[],\"errorMessage\":null}");
    }
    return "{\"responses\":[{\"name\":\"" + topic(t) + "\",\"partitionResponses\":[" + p + "]}],\"throttleTimeMs\":0}";
  }

  private static String fetch(int c, long offset) {
    StringBuilder topics = new StringBuilder();
    for (int t = 0; t < 2; t++) {
      StringBuilder p = new StringBuilder();
      for (int i = 0; i < 4; i++) {
        p.append(i == 0 ? "" : ",").append("{\"partition\":").append(i).append(",\"currentLeaderEpoch\":5,\"fetchOffset\":")
            .append(offset + i * 1000L).append(",\"lastFetchedEpoch\":-1,\"logStartOffset\":-1,\"partitionMaxBytes\":1048576}");
      }
      topics.append(t == 0 ? "" : ",").append("{\"topic\":\"").append(topic(c + t)).append("\",\"partitions\":[").append(p).append("]}");
    }
    return "{\"replicaId\":-1,\"maxWaitMs\":500,\"minBytes\":1,\"maxBytes\":52428800,\"isolationLevel\":0,\"sessionId\":"
        + (1000 + c) + ",\"sessionEpoch\":" + (c % 50 + 1) + ",\"topics\":[" + topics + "],\"forgottenTopicsData\":[],\"rackId\":\"\"}";
  }

  private static String fetchResponse(int c, int partitions, int batchBytes, long base) {
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < partitions; i++) {
      p.append(i == 0 ? "" : ",").append("{\"partitionIndex\":").append(i).append(",\"errorCode\":0,\"highWatermark\":")
          .append(base + 5000).append(",\"lastStableOffset\":").append(base + 5000)
          .append(",\"logStartOffset\":0,\"abortedTransactions\":null,\"preferredReadReplica\":-1,\"records\":\"")
          .append(batchBytes == 0 ? "" : records(base + i * 10L, batchBytes)).append("\"}");
    }
    return "{\"throttleTimeMs\":0,\"errorCode\":0,\"sessionId\":" + (1000 + c) + ",\"responses\":[{\"topic\":\""
        + topic(c) + "\",\"partitions\":[" + p + "]}]}";
  }

  private static String metadataTopic(int t) {
    return "{\"topicId\":\"AAAAAAAAAAAAAAAAAAAAAA\",\"name\":\"" + topic(t) + "\"}";
  }

  private static String metadataResponse(int c) {
    StringBuilder brokers = new StringBuilder();
    for (int b = 0; b < 3; b++) {
      brokers.append(b == 0 ? "" : ",").append("{\"nodeId\":").append(b).append(",\"host\":\"").append(host(b))
          .append("\",\"port\":9092,\"rack\":\"eu-west-1").append((char) ('a' + b)).append("\"}");
    }
    StringBuilder topics = new StringBuilder();
    for (int t = 0; t < 2; t++) {
      StringBuilder p = new StringBuilder();
      for (int i = 0; i < 6; i++) {
        int l = (c + t + i) % 3;
        String replicas = "[" + l + "," + (l + 1) % 3 + "," + (l + 2) % 3 + "]";
        p.append(i == 0 ? "" : ",").append("{\"errorCode\":0,\"partitionIndex\":").append(i).append(",\"leaderId\":").append(l)
            .append(",\"leaderEpoch\":").append(5 + i).append(",\"replicaNodes\":").append(replicas)
            .append(",\"isrNodes\":").append(replicas).append(",\"offlineReplicas\":[]}");
      }
      String id = Base64.getUrlEncoder().withoutPadding().encodeToString(
          String.format(Locale.ROOT, "topic-id-%07d", c + t).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      topics.append(t == 0 ? "" : ",").append("{\"errorCode\":0,\"name\":\"").append(topic(c + t)).append("\",\"topicId\":\"")
          .append(id).append("\",\"isInternal\":false,\"partitions\":[").append(p).append("],\"topicAuthorizedOperations\":-2147483648}");
    }
    return "{\"throttleTimeMs\":0,\"brokers\":[" + brokers + "],\"clusterId\":\"Kq3bE5nTQm2xR7yW9zA1cB\",\"controllerId\":1,"
        + "\"topics\":[" + topics + "]}";
  }

  private static String offsetCommit(int c) {
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      p.append(i == 0 ? "" : ",").append("{\"partitionIndex\":").append(i).append(",\"committedOffset\":")
          .append(c * 1000L + i * 37).append(",\"committedLeaderEpoch\":5,\"committedMetadata\":\"\"}");
    }
    return "{\"groupId\":\"" + group(c) + "\",\"generationIdOrMemberEpoch\":" + (40 + c) + ",\"memberId\":\"" + member(c)
        + "\",\"groupInstanceId\":null,\"topics\":[{\"name\":\"" + topic(c) + "\",\"partitions\":[" + p + "]}]}";
  }

  private static String offsetCommitResponse(int c) {
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < 4; i++) {
      p.append(i == 0 ? "" : ",").append("{\"partitionIndex\":").append(i).append(",\"errorCode\":0}");
    }
    return "{\"throttleTimeMs\":0,\"topics\":[{\"name\":\"" + topic(c) + "\",\"partitions\":[" + p + "]}]}";
  }

  private static String apiVersionsResponse() {
    StringBuilder keys = new StringBuilder();
    for (ApiMessageCodec<?> codec : KwireRegistry.standard().apis()) {
      if (codec.type() == io.kwire.annotations.MessageType.REQUEST
          && codec.messageType().getPackageName().equals("io.kwire.messages")) {
        keys.append(keys.length() == 0 ? "" : ",").append("{\"apiKey\":").append(codec.apiKey()).append(",\"minVersion\":")
            .append(codec.descriptor().validVersions().lowest()).append(",\"maxVersion\":")
            .append(codec.descriptor().validVersions().highest()).append("}");
      }
    }
    return "{\"errorCode\":0,\"apiKeys\":[" + keys + "],\"throttleTimeMs\":0}";
  }

  private static String listOffsets(int c) {
    return "{\"replicaId\":-1,\"isolationLevel\":1,\"topics\":[{\"name\":\"" + topic(c)
        + "\",\"partitions\":[{\"partitionIndex\":0,\"currentLeaderEpoch\":5,\"timestamp\":-1},"
        + "{\"partitionIndex\":1,\"currentLeaderEpoch\":5,\"timestamp\":-1}]}]}";
  }

  private static String listOffsetsResponse(int c) {
    return "{\"throttleTimeMs\":0,\"topics\":[{\"name\":\"" + topic(c) + "\",\"partitions\":["
        + "{\"partitionIndex\":0,\"errorCode\":0,\"timestamp\":-1,\"offset\":" + (c * 1000L + 500) + ",\"leaderEpoch\":5},"
        + "{\"partitionIndex\":1,\"errorCode\":0,\"timestamp\":-1,\"offset\":" + (c * 1000L + 900) + ",\"leaderEpoch\":5}]}]}";
  }
}
