package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.DescribeTopicPartitionsRequestBuilder;
import io.kwire.messages.DescribeTopicPartitionsResponse;
import io.kwire.messages.IncrementalAlterConfigsRequestBuilder;
import io.kwire.messages.IncrementalAlterConfigsResponse;
import io.kwire.messages.ListTransactionsRequestBuilder;
import io.kwire.messages.ListTransactionsResponse;
import io.kwire.messages.WriteTxnMarkersRequestBuilder;
import io.kwire.messages.WriteTxnMarkersResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Edges of the admin handlers that AdminClient does not reach: cursors, filters and marker checks. */
class AdminHandlersTest {
  private final TestBrokers brokers = new TestBrokers(2);

  @Test
  void listingEveryTopicMovesTheCursorToTheNextTopicWhenTheLimitRunsOutBetweenTopics() {
    for (String name : List.of("b", "a", "c")) {
      brokers.cluster.createTopic(name, 2, 1, null, TopicConfigs.of(Map.of()));
    }
    DescribeTopicPartitionsHandler handler = new DescribeTopicPartitionsHandler(brokers.cluster);
    DescribeTopicPartitionsResponse first = now(handler.handle(new DescribeTopicPartitionsRequestBuilder()
        .responsePartitionLimit(4).build(), at(0, 0)));
    assertEquals(List.of("a", "b"), first.topics().stream().map(t -> t.name()).toList(), "in name order");
    assertEquals("c:0", first.nextCursor().topicName() + ":" + first.nextCursor().partitionIndex());
    DescribeTopicPartitionsResponse rest = now(handler.handle(new DescribeTopicPartitionsRequestBuilder()
        .responsePartitionLimit(4).cursor(new DescribeTopicPartitionsRequestBuilder.CursorBuilder().topicName("c")
            .partitionIndex(1).build()).build(), at(0, 0)));
    assertEquals(List.of(1), rest.topics().get(0).partitions().stream().map(p -> p.partitionIndex()).toList());
    assertNull(rest.nextCursor());

    DescribeTopicPartitionsResponse refused = now(handler.handle(new DescribeTopicPartitionsRequestBuilder()
        .topics(List.of(new DescribeTopicPartitionsRequestBuilder.TopicRequestBuilder().name("a").build()))
        .cursor(new DescribeTopicPartitionsRequestBuilder.CursorBuilder().topicName("a").partitionIndex(-1).build())
        .build(), at(0, 0)));
    assertEquals(ErrorCode.INVALID_REQUEST, refused.topics().get(0).errorCode());
  }

  @Test
  void listTransactionsRefusesABadPatternAndReturnsUnknownStates() {
    brokers.transactions.init("t", -1, (short) -1, 60_000);
    ListTransactionsHandler handler = new ListTransactionsHandler(brokers.transactions, brokers.clock);
    ListTransactionsResponse bad = now(handler.handle(new ListTransactionsRequestBuilder().transactionalIdPattern("(")
        .build(), at(brokers.transactions.coordinatorFor("t"), 2)));
    assertEquals(ErrorCode.INVALID_REGULAR_EXPRESSION, bad.errorCode());
    ListTransactionsResponse filtered = now(handler.handle(new ListTransactionsRequestBuilder()
        .stateFilters(List.of("Empty", "Sleeping")).build(), at(brokers.transactions.coordinatorFor("t"), 2)));
    assertEquals(List.of("Sleeping"), filtered.unknownStateFilters());
    assertEquals(List.of("t Empty"), filtered.transactionStates().stream()
        .map(s -> s.transactionalId() + " " + s.transactionState()).toList());
    assertEquals(List.of(), now(handler.handle(new ListTransactionsRequestBuilder().build(),
        at(1 - brokers.transactions.coordinatorFor("t"), 2))).transactionStates(), "another broker coordinates none");
  }

  @Test
  void aMarkerIsCheckedAgainstTheProducersEpochAndCoordinatorEpochOnThePartition() {
    Topic topic = brokers.cluster.createTopic("m", 1, 2, null, TopicConfigs.of(Map.of()));
    int leader = topic.partition(0).leaderId();
    WriteTxnMarkersHandler handler = new WriteTxnMarkersHandler(brokers.cluster);
    assertEquals(ErrorCode.NONE, write(handler, leader, 5, 3, false));
    assertEquals(ErrorCode.INVALID_PRODUCER_EPOCH, write(handler, leader, 4, 3, false), "an older epoch");
    assertEquals(WriteTxnMarkersHandler.TRANSACTION_COORDINATOR_FENCED, write(handler, leader, 5, 2, false));
    assertEquals(ErrorCode.NONE, write(handler, leader, 5, 3, false), "the same epoch again (transactions v1)");
    assertEquals(ErrorCode.INVALID_PRODUCER_EPOCH, write(handler, leader, 5, 3, true), "the same epoch, transactions v2");
    assertEquals(ErrorCode.NOT_LEADER_OR_FOLLOWER, write(handler, 1 - leader, 6, 3, false));
    assertEquals(2, topic.partition(0).log().endOffset(), "two markers written");
  }

  /** An abort marker of producer 77 at {@code epoch} to m-0, sent to {@code broker}: its error code. */
  private static short write(WriteTxnMarkersHandler handler, int broker, int epoch, int coordinatorEpoch,
      boolean transactionsV2) {
    byte transactionVersion = (byte) (transactionsV2 ? 2 : 0);
    WriteTxnMarkersResponse response = now(handler.handle(new WriteTxnMarkersRequestBuilder().markers(List.of(
        new WriteTxnMarkersRequestBuilder.WritableTxnMarkerBuilder().producerId(77).producerEpoch((short) epoch)
            .transactionResult(false).coordinatorEpoch(coordinatorEpoch).transactionVersion(transactionVersion)
            .topics(List.of(new WriteTxnMarkersRequestBuilder.WritableTxnMarkerTopicBuilder().name("m")
                .partitionIndexes(List.of(0)).build())).build())).build(), at(broker, 2)));
    return response.markers().get(0).topics().get(0).partitions().get(0).errorCode();
  }

  @Test
  void aResourceAlteredHasANullMessageAsKafkaAnswersIt() {
    brokers.cluster.createTopic("t", 1, 1, null, TopicConfigs.of(Map.of()));
    IncrementalAlterConfigsHandler handler = new IncrementalAlterConfigsHandler(brokers.cluster, brokers.groups.configs());
    IncrementalAlterConfigsResponse r = now(handler.handle(new IncrementalAlterConfigsRequestBuilder().resources(List.of(
        resource((byte) 32, "g", "share.auto.offset.reset", "earliest"), resource((byte) 2, "t", "retention.ms", "60000"),
        resource((byte) 32, "g", "no.such.config", "1"))).build(), at(0, 1)));
    assertEquals(List.of("0 null", "0 null", "40 Unknown group config name: no.such.config"), r.responses().stream()
        .map(x -> x.errorCode() + " " + x.errorMessage()).toList(), "not \"\" for the two altered");
  }

  private static io.kwire.messages.IncrementalAlterConfigsRequest.AlterConfigsResource resource(byte type, String name,
      String config, String value) {
    return new IncrementalAlterConfigsRequestBuilder.AlterConfigsResourceBuilder().resourceType(type).resourceName(name)
        .configs(List.of(new IncrementalAlterConfigsRequestBuilder.AlterableConfigBuilder().name(config)
            .configOperation((byte) 0).value(value).build())).build();
  }
}
