package io.kwire.bench;

import io.kwire.messages.AddPartitionsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder;
import io.kwire.messages.AddPartitionsToTxnRequestCodec;
import io.kwire.messages.AlterPartitionReassignmentsRequest;
import io.kwire.messages.AlterPartitionReassignmentsRequestBuilder;
import io.kwire.messages.AlterPartitionReassignmentsRequestCodec;
import io.kwire.messages.CreatePartitionsRequest;
import io.kwire.messages.CreatePartitionsRequestBuilder;
import io.kwire.messages.CreatePartitionsRequestCodec;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.CreateTopicsResponseBuilder;
import io.kwire.messages.CreateTopicsResponseCodec;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.FetchResponseCodec;
import io.kwire.messages.HeartbeatRequest;
import io.kwire.messages.HeartbeatRequestBuilder;
import io.kwire.messages.HeartbeatRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.messages.OffsetCommitRequest;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitRequestCodec;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.Int32List;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.common.message.AddPartitionsToTxnRequestData;
import org.apache.kafka.common.message.AlterPartitionReassignmentsRequestData;
import org.apache.kafka.common.message.CreatePartitionsRequestData;
import org.apache.kafka.common.message.CreateTopicsRequestData;
import org.apache.kafka.common.message.CreateTopicsResponseData;
import org.apache.kafka.common.message.FetchResponseData;
import org.apache.kafka.common.message.HeartbeatRequestData;
import org.apache.kafka.common.message.MetadataResponseData;
import org.apache.kafka.common.message.OffsetCommitRequestData;
import org.apache.kafka.common.message.ProduceRequestData;

/** The workloads of issue 11 plus one per seed API, each built once, deterministically. */
public final class Workloads {
  private Workloads() {}

  /**
   * Every workload, keyed by its benchmark class ({@code MetadataBench} and so on), for
   * {@link VerifyWorkloads}; each benchmark class builds only its own.
   */
  public static Map<Class<?>, Supplier<Workload<?>>> all() {
    Map<Class<?>, Supplier<Workload<?>>> all = new LinkedHashMap<>();
    all.put(MetadataBench.class, Workloads::metadata);
    all.put(CreateTopicsBench.class, Workloads::createTopics);
    all.put(FetchBench.class, Workloads::fetch);
    all.put(ProduceBench.class, Workloads::produce);
    all.put(OffsetCommitBench.class, Workloads::offsetCommit);
    all.put(HeartbeatBench.class, Workloads::heartbeat);
    all.put(SeedCreatePartitionsBench.class, Workloads::createPartitions);
    all.put(SeedCreateTopicsResponseBench.class, Workloads::createTopicsResponse);
    all.put(SeedAlterPartitionReassignmentsBench.class, Workloads::alterPartitionReassignments);
    all.put(SeedAddPartitionsToTxnBench.class, Workloads::addPartitionsToTxn);
    return all;
  }

  /** MetadataResponse v13: 3 brokers, 200 topics × 8 partitions, replication factor 3. */
  public static Workload<MetadataResponse> metadata() {
    List<MetadataResponse.MetadataResponseBroker> brokers = new ArrayList<>();
    for (int b = 0; b < 3; b++) {
      brokers.add(new MetadataResponseBuilder.MetadataResponseBrokerBuilder().nodeId(b)
          .host("broker-" + b + ".kafka.example.internal").port(9092).rack("eu-west-1" + (char) ('a' + b)).build());
    }
    List<MetadataResponse.MetadataResponseTopic> topics = new ArrayList<>();
    for (int t = 0; t < 200; t++) {
      List<MetadataResponse.MetadataResponsePartition> partitions = new ArrayList<>();
      for (int p = 0; p < 8; p++) {
        Int32List replicas = Content.replicas(t + p, 3);
        partitions.add(new MetadataResponseBuilder.MetadataResponsePartitionBuilder().partitionIndex(p)
            .leaderId(replicas.getInt32(0)).leaderEpoch(5 + p).replicaNodes(replicas).isrNodes(replicas)
            .offlineReplicas(Int32List.of()).build());
      }
      topics.add(new MetadataResponseBuilder.MetadataResponseTopicBuilder().name(Content.topicName(t))
          .topicId(Content.topicId(t)).partitions(partitions).topicAuthorizedOperations(-2147483648).build());
    }
    MetadataResponse m = new MetadataResponseBuilder().brokers(brokers).clusterId("kwire-bench-cluster-0001")
        .controllerId(1).topics(topics).build();
    return new Workload<>("Metadata v13 200x8", MetadataResponseCodec.INSTANCE, 13, m, MetadataResponseData::new);
  }

  /** CreateTopicsRequest v7: 50 topics, 2 configs each. */
  public static Workload<CreateTopicsRequest> createTopics() {
    List<CreateTopicsRequest.CreatableTopic> topics = new ArrayList<>();
    for (int t = 0; t < 50; t++) {
      topics.add(new CreateTopicsRequestBuilder.CreatableTopicBuilder().name(Content.topicName(t)).numPartitions(12)
          .replicationFactor((short) 3).assignments(List.of())
          .configs(List.of(
              new CreateTopicsRequestBuilder.CreatableTopicConfigBuilder().name("cleanup.policy").value("compact").build(),
              new CreateTopicsRequestBuilder.CreatableTopicConfigBuilder().name("retention.ms").value("604800000").build()))
          .build());
    }
    CreateTopicsRequest m = new CreateTopicsRequestBuilder().topics(topics).timeoutMs(30_000).build();
    return new Workload<>("CreateTopics v7 50x2", CreateTopicsRequestCodec.INSTANCE, 7, m, CreateTopicsRequestData::new);
  }

  /** FetchResponse v17: 20 topics × 4 partitions, one 4 KiB record batch each. */
  public static Workload<FetchResponse> fetch() {
    List<FetchResponse.FetchableTopicResponse> topics = new ArrayList<>();
    for (int t = 0; t < 20; t++) {
      List<FetchResponse.PartitionData> partitions = new ArrayList<>();
      for (int p = 0; p < 4; p++) {
        long base = 1_000L * (t * 4 + p);
        partitions.add(new FetchResponseBuilder.PartitionDataBuilder().partitionIndex(p).highWatermark(base + 500)
            .lastStableOffset(base + 500).logStartOffset(0).records(Content.batch(base, 4096, 8)).build());
      }
      topics.add(new FetchResponseBuilder.FetchableTopicResponseBuilder().topicId(Content.topicId(t))
          .partitions(partitions).build());
    }
    FetchResponse m = new FetchResponseBuilder().sessionId(12345).responses(topics).build();
    return new Workload<>("Fetch v17 20x4x4KiB", FetchResponseCodec.INSTANCE, 17, m, FetchResponseData::new);
  }

  /** ProduceRequest v13: 10 topics × 3 partitions, one 16 KiB record batch each. */
  public static Workload<ProduceRequest> produce() {
    List<ProduceRequest.TopicProduceData> topics = new ArrayList<>();
    for (int t = 0; t < 10; t++) {
      List<ProduceRequest.PartitionProduceData> partitions = new ArrayList<>();
      for (int p = 0; p < 3; p++) {
        Records batch = Content.batch(10_000L * (t * 3 + p), 16384, 32);
        partitions.add(new ProduceRequestBuilder.PartitionProduceDataBuilder().index(p).records(batch).build());
      }
      topics.add(new ProduceRequestBuilder.TopicProduceDataBuilder().topicId(Content.topicId(t))
          .partitionData(partitions).build());
    }
    ProduceRequest m = new ProduceRequestBuilder().acks((short) -1).timeoutMs(30_000).topicData(topics).build();
    return new Workload<>("Produce v13 10x3x16KiB", ProduceRequestCodec.INSTANCE, 13, m, ProduceRequestData::new);
  }

  /** OffsetCommitRequest v10: 10 topics × 10 partitions, empty metadata strings (the common case). */
  public static Workload<OffsetCommitRequest> offsetCommit() {
    List<OffsetCommitRequest.OffsetCommitRequestTopic> topics = new ArrayList<>();
    for (int t = 0; t < 10; t++) {
      List<OffsetCommitRequest.OffsetCommitRequestPartition> partitions = new ArrayList<>();
      for (int p = 0; p < 10; p++) {
        partitions.add(new OffsetCommitRequestBuilder.OffsetCommitRequestPartitionBuilder().partitionIndex(p)
            .committedOffset(1_000_000L * t + 1_000L * p).committedLeaderEpoch(3).committedMetadata("").build());
      }
      topics.add(new OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder().topicId(Content.topicId(t))
          .partitions(partitions).build());
    }
    OffsetCommitRequest m = new OffsetCommitRequestBuilder().groupId("payments-consumer-group")
        .generationIdOrMemberEpoch(17).memberId("consumer-1-6f1c2a54-9b1e-4d0b-8a53-2f7d0c9e4b11").topics(topics).build();
    return new Workload<>("OffsetCommit v10 10x10", OffsetCommitRequestCodec.INSTANCE, 10, m, OffsetCommitRequestData::new);
  }

  /** HeartbeatRequest v4: two ~35-character strings and an int. */
  public static Workload<HeartbeatRequest> heartbeat() {
    HeartbeatRequest m = new HeartbeatRequestBuilder().groupId("payments-consumer-group-eu-west-1a")
        .generationId(17).memberId("consumer-1-6f1c2a54-9b1e-4d0b-8a53").build();
    return new Workload<>("Heartbeat v4", HeartbeatRequestCodec.INSTANCE, 4, m, HeartbeatRequestData::new);
  }

  /** Seed API CreatePartitions, v3 as in its seed: 20 topics, each given 3 new partitions on 3 brokers. */
  public static Workload<CreatePartitionsRequest> createPartitions() {
    List<CreatePartitionsRequest.CreatePartitionsTopic> topics = new ArrayList<>();
    for (int t = 0; t < 20; t++) {
      List<CreatePartitionsRequest.CreatePartitionsAssignment> assignments = new ArrayList<>();
      for (int a = 0; a < 3; a++) {
        assignments.add(new CreatePartitionsRequestBuilder.CreatePartitionsAssignmentBuilder()
            .brokerIds(Content.replicas(t + a, 5)).build());
      }
      topics.add(new CreatePartitionsRequestBuilder.CreatePartitionsTopicBuilder().name(Content.topicName(t)).count(15)
          .assignments(assignments).build());
    }
    CreatePartitionsRequest m = new CreatePartitionsRequestBuilder().topics(topics).timeoutMs(30_000).build();
    return new Workload<>("seed CreatePartitions v3 20x3", CreatePartitionsRequestCodec.INSTANCE, 3, m,
        CreatePartitionsRequestData::new);
  }

  /** Seed API CreateTopics, its response at v7: 50 topics, each with 2 configs returned. */
  public static Workload<CreateTopicsResponse> createTopicsResponse() {
    List<CreateTopicsResponse.CreatableTopicResult> topics = new ArrayList<>();
    for (int t = 0; t < 50; t++) {
      topics.add(new CreateTopicsResponseBuilder.CreatableTopicResultBuilder().name(Content.topicName(t))
          .topicId(Content.topicId(t)).numPartitions(12).replicationFactor((short) 3)
          .configs(List.of(
              new CreateTopicsResponseBuilder.CreatableTopicConfigsBuilder().name("cleanup.policy").value("compact")
                  .configSource((byte) 1).build(),
              new CreateTopicsResponseBuilder.CreatableTopicConfigsBuilder().name("retention.ms").value("604800000")
                  .configSource((byte) 5).build()))
          .build());
    }
    CreateTopicsResponse m = new CreateTopicsResponseBuilder().topics(topics).build();
    return new Workload<>("seed CreateTopicsResponse v7 50x2", CreateTopicsResponseCodec.INSTANCE, 7, m,
        CreateTopicsResponseData::new);
  }

  /** Seed API AlterPartitionReassignments, v0 as in its seed: 10 topics × 6 partitions × 3 replicas. */
  public static Workload<AlterPartitionReassignmentsRequest> alterPartitionReassignments() {
    List<AlterPartitionReassignmentsRequest.ReassignableTopic> topics = new ArrayList<>();
    for (int t = 0; t < 10; t++) {
      List<AlterPartitionReassignmentsRequest.ReassignablePartition> partitions = new ArrayList<>();
      for (int p = 0; p < 6; p++) {
        partitions.add(new AlterPartitionReassignmentsRequestBuilder.ReassignablePartitionBuilder().partitionIndex(p)
            .replicas(Content.replicas(t + p, 6)).build());
      }
      topics.add(new AlterPartitionReassignmentsRequestBuilder.ReassignableTopicBuilder().name(Content.topicName(t))
          .partitions(partitions).build());
    }
    AlterPartitionReassignmentsRequest m = new AlterPartitionReassignmentsRequestBuilder().timeoutMs(60_000)
        .topics(topics).build();
    return new Workload<>("seed AlterPartitionReassignments v0 10x6", AlterPartitionReassignmentsRequestCodec.INSTANCE,
        0, m, AlterPartitionReassignmentsRequestData::new);
  }

  /** Seed API AddPartitionsToTxn, v5 as in its seed: 5 transactions × 4 topics × 5 partitions. */
  public static Workload<AddPartitionsToTxnRequest> addPartitionsToTxn() {
    List<AddPartitionsToTxnRequest.AddPartitionsToTxnTransaction> transactions = new ArrayList<>();
    for (int x = 0; x < 5; x++) {
      List<AddPartitionsToTxnRequest.AddPartitionsToTxnTopic> topics = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        topics.add(new AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTopicBuilder().name(Content.topicName(x * 4 + t))
            .partitions(Int32List.of(0, 1, 2, 3, 4)).build());
      }
      transactions.add(new AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTransactionBuilder()
          .transactionalId("payments-txn-" + x).producerId(9000L + x).producerEpoch((short) 2).topics(topics).build());
    }
    AddPartitionsToTxnRequest m = new AddPartitionsToTxnRequestBuilder().transactions(transactions).build();
    return new Workload<>("seed AddPartitionsToTxn v5 5x4x5", AddPartitionsToTxnRequestCodec.INSTANCE, 5, m,
        AddPartitionsToTxnRequestData::new);
  }
}
