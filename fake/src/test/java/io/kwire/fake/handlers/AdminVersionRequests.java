package io.kwire.fake.handlers;

import io.kwire.messages.DescribeProducersRequestBuilder;
import io.kwire.messages.DescribeTopicPartitionsRequestBuilder;
import io.kwire.messages.DescribeTransactionsRequestBuilder;
import io.kwire.messages.ListTransactionsRequestBuilder;
import io.kwire.messages.WriteTxnMarkersRequestBuilder;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * EveryVersionTest's requests for the admin APIs of issue 27 (a file of their own, so that the
 * test's switch stays short): known and unknown topics, partitions led here and elsewhere.
 */
final class AdminVersionRequests {
  private AdminVersionRequests() {}

  /** @param coordinated a transactional id from the base on that broker 0 coordinates */
  static Object request(short apiKey, short v, UnaryOperator<String> coordinated) {
    return switch (apiKey) {
      case 75 -> new DescribeTopicPartitionsRequestBuilder().responsePartitionLimit(1).topics(List.of(
          new DescribeTopicPartitionsRequestBuilder.TopicRequestBuilder().name("v").build(),
          new DescribeTopicPartitionsRequestBuilder.TopicRequestBuilder().name("nope").build())).build();
      case 27 -> new WriteTxnMarkersRequestBuilder().markers(List.of(new WriteTxnMarkersRequestBuilder
          .WritableTxnMarkerBuilder().producerId(77).producerEpoch((short) 0).transactionResult(false)
          .coordinatorEpoch(0).topics(List.of(new WriteTxnMarkersRequestBuilder.WritableTxnMarkerTopicBuilder()
              .name("v").partitionIndexes(List.of(0, 1, 7)).build())).build())).build();
      case 61 -> new DescribeProducersRequestBuilder().topics(List.of(
          new DescribeProducersRequestBuilder.TopicRequestBuilder().name("v").partitionIndexes(List.of(0, 1)).build(),
          new DescribeProducersRequestBuilder.TopicRequestBuilder().name("nope").partitionIndexes(List.of(0))
              .build())).build();
      case 65 -> new DescribeTransactionsRequestBuilder().transactionalIds(List.of(coordinated.apply("t"), "nope"))
          .build();
      case 66 -> new ListTransactionsRequestBuilder().stateFilters(List.of("Ongoing", "Sleeping"))
          .durationFilter(v >= 1 ? 0 : -1).transactionalIdPattern(v >= 2 ? "t.*" : null).build();
      default -> throw new AssertionError("no scenario for api key " + apiKey);
    };
  }
}
