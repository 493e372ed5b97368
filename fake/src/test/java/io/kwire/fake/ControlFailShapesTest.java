package io.kwire.fake;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestBuilder.CreatableTopicBuilder;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.DescribeGroupsRequestBuilder;
import io.kwire.messages.DescribeGroupsResponse;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder;
import io.kwire.messages.ListOffsetsRequestBuilder.ListOffsetsTopicBuilder;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestBuilder.MetadataRequestTopicBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.net.KwireClient;
import java.net.InetSocketAddress;
import java.util.List;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code fail(errorCode)} on APIs whose errors live per topic, partition or group: the code lands
 * in every one the request names (kwire-tests' FakeFailMatchesKafkaTest holds every API and version
 * to Kafka's own getErrorResponse).
 */
class ControlFailShapesTest {
  private FakeCluster cluster;
  private KwireClient client;

  @BeforeEach
  void start() {
    cluster = FakeCluster.builder().autoCreateTopics(false).topic("t", 2, 1).start();
    FakeBroker broker = cluster.brokers().get(0);
    client = KwireClient.builder().clientId("fail-shapes").connect(new InetSocketAddress(broker.host(), broker.port()));
  }

  @AfterEach
  void stop() {
    client.close();
    cluster.close();
  }

  @Test
  void aFailedCreateTopicsGivesEveryTopicTheCodeAndCreatesNone() throws Exception {
    short policy = Errors.POLICY_VIOLATION.code();
    ControlHandle hook = cluster.control(CreateTopicsRequest.class).once().fail(policy);
    List<String> names = List.of("a", "b", "c");
    CreateTopicsRequest request = new CreateTopicsRequestBuilder().topics(names.stream()
        .map(n -> new CreatableTopicBuilder().name(n).numPartitions(1).replicationFactor((short) 1).build())
        .toList()).build();
    CreateTopicsResponse response = client.send(request, CreateTopicsResponse.class).get();
    assertEquals(names, response.topics().stream().map(CreateTopicsResponse.CreatableTopicResult::name).toList());
    response.topics().forEach(t -> assertEquals(policy, t.errorCode(), t.name()));
    assertEquals(1, hook.fired());
    MetadataResponse metadata = client.send(new MetadataRequestBuilder().topics(List.of(
        new MetadataRequestTopicBuilder().name("a").build())).allowAutoTopicCreation(false).build(),
        MetadataResponse.class).get();
    assertEquals(Errors.UNKNOWN_TOPIC_OR_PARTITION.code(), metadata.topics().get(0).errorCode());
  }

  @Test
  void aFailedListOffsetsGivesEveryPartitionTheCodeAndNoOffset() throws Exception {
    short notLeader = Errors.NOT_LEADER_OR_FOLLOWER.code();
    cluster.control(ListOffsetsRequest.class).once().fail(notLeader);
    ListOffsetsRequest request = new ListOffsetsRequestBuilder().replicaId(-1).topics(List.of(
        topic("t", 0, 1), topic("other", 5))).build();
    ListOffsetsResponse response = client.send(request, ListOffsetsResponse.class).get();
    assertEquals(List.of("t", "other"),
        response.topics().stream().map(ListOffsetsResponse.ListOffsetsTopicResponse::name).toList());
    assertEquals(List.of(0, 1), response.topics().get(0).partitions().stream()
        .map(ListOffsetsResponse.ListOffsetsPartitionResponse::partitionIndex).toList());
    assertEquals(List.of(5), response.topics().get(1).partitions().stream()
        .map(ListOffsetsResponse.ListOffsetsPartitionResponse::partitionIndex).toList());
    response.topics().forEach(t -> t.partitions().forEach(p -> {
      assertEquals(notLeader, p.errorCode());
      assertEquals(-1, p.offset());
    }));
    // once: the next one is the broker's
    ListOffsetsResponse normal = client.send(request, ListOffsetsResponse.class).get();
    assertEquals(Errors.NONE.code(), normal.topics().get(0).partitions().get(0).errorCode());
  }

  @Test
  void aFailedDescribeGroupsGivesEveryGroupTheCode() throws Exception {
    short notCoordinator = Errors.NOT_COORDINATOR.code();
    cluster.controlAll().once().fail(notCoordinator);
    DescribeGroupsResponse response = client.send(new DescribeGroupsRequestBuilder().groups(List.of("g1", "g2"))
        .build(), DescribeGroupsResponse.class).get();
    assertEquals(List.of("g1", "g2"),
        response.groups().stream().map(DescribeGroupsResponse.DescribedGroup::groupId).toList());
    response.groups().forEach(g -> assertEquals(notCoordinator, g.errorCode(), g.groupId()));
  }

  private static ListOffsetsRequest.ListOffsetsTopic topic(String name, int... partitions) {
    return new ListOffsetsTopicBuilder().name(name).partitions(java.util.Arrays.stream(partitions)
        .mapToObj(p -> new ListOffsetsPartitionBuilder().partitionIndex(p).timestamp(-1).build()).toList()).build();
  }
}
