package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.batch;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder;
import io.kwire.messages.ListOffsetsRequestBuilder.ListOffsetsTopicBuilder;
import io.kwire.messages.ListOffsetsResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ListOffsetsHandlerTest {
  private final TestBrokers brokers = new TestBrokers(1);
  private final ListOffsetsHandler handler = new ListOffsetsHandler(brokers.cluster);

  @Test
  void earliestLatestMaxTimestampAndByTime() {
    brokers.cluster.createTopic("l", 1, 1, null, TopicConfigs.of(Map.of()));
    ProduceHandler produce = new ProduceHandler(brokers.cluster, brokers.transactions);
    now(produce.handle(ProduceHandlerTest.request(-1, "l", 0, batch(100, "a", "b", "c")), at(0, 9)));
    now(produce.handle(ProduceHandlerTest.request(-1, "l", 0, batch(500, "d")), at(0, 9)));
    now(produce.handle(ProduceHandlerTest.request(-1, "l", 0, batch(300, "e", "f")), at(0, 9)));

    assertEquals(List.of(offset(0, -1), offset(6, -1), offset(3, 500), offset(1, 101), offset(3, 500),
        offset(-1, -1)), List.of(lookUp(-2), lookUp(-1), lookUp(-3), lookUp(101), lookUp(400), lookUp(501)));
    ListOffsetsResponse.ListOffsetsPartitionResponse unknown = now(handler.handle(request("none", 0), at(0, 9)))
        .topics().get(0).partitions().get(0);
    assertEquals(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, unknown.errorCode());
  }

  private List<Long> lookUp(long timestamp) {
    ListOffsetsResponse.ListOffsetsPartitionResponse p = now(handler.handle(request("l", timestamp), at(0, 9)))
        .topics().get(0).partitions().get(0);
    return offset(p.offset(), p.timestamp());
  }

  private static List<Long> offset(long offset, long timestamp) {
    return List.of(offset, timestamp);
  }

  private static ListOffsetsRequest request(String topic, long timestamp) {
    return new ListOffsetsRequestBuilder().replicaId(-1).topics(List.of(new ListOffsetsTopicBuilder().name(topic)
        .partitions(List.of(new ListOffsetsPartitionBuilder().partitionIndex(0).timestamp(timestamp).build())).build()))
        .build();
  }
}
