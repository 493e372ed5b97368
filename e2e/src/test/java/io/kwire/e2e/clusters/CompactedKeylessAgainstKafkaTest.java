package io.kwire.e2e.clusters;

import io.kwire.e2e.client.Broker;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestBuilder.PartitionProduceDataBuilder;
import io.kwire.messages.ProduceRequestBuilder.TopicProduceDataBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.RecordBatchBuilder;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A compacted topic refuses records without a key, as Kafka 4.4.0's log validator does: the same raw
 * Produce requests (v12: a batch whose second and third records lack a key, then one whose records
 * all have one) to the real broker and to the fake are answered alike, record errors and message
 * included.
 */
class CompactedKeylessAgainstKafkaTest {
  @RegisterExtension
  static final Targets TARGETS = new Targets();

  @Test
  void aCompactedTopicRefusesKeylessRecordsAsKafkaDoes() throws Exception {
    String topic = "compacted-" + Long.toHexString(System.nanoTime() & 0xffffff);
    TARGETS.assertSameTranscript(topic, CompactedKeylessAgainstKafkaTest::run);
  }

  private static List<String> run(Target target, String topic) throws Exception {
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1).configs(Map.of("cleanup.policy", "compact"))))
          .all().get();
    }
    String[] hostPort = target.bootstrapServers().split(",")[0].split(":");
    List<String> answers = new ArrayList<>();
    byte[] key = "k".getBytes(StandardCharsets.UTF_8);
    byte[] value = "v".getBytes(StandardCharsets.UTF_8);
    try (KwireClient client = KwireClient.builder().clientId("kwire-e2e")
        .connect(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])))) {
      Broker.awaitServed(client, topic, 1);
      List<RecordBatchBuilder> batches = List.of(
          RecordBatchBuilder.create(0).append(1_000L, key, value).append(1_000L, null, value).append(1_000L, null, value),
          RecordBatchBuilder.create(0).append(1_000L, key, value).append(1_000L, key, null));
      for (RecordBatchBuilder batch : batches) {
        ProduceResponse.PartitionProduceResponse p = client.send(new ProduceRequestBuilder().acks((short) -1)
            .timeoutMs(10_000).topicData(List.of(new TopicProduceDataBuilder().name(topic).partitionData(List.of(
                new PartitionProduceDataBuilder().index(0).records(batch.build()).build())).build()))
            .build(), ProduceResponse.class, (short) 12).join().responses().get(0).partitionResponses().get(0);
        answers.add("error " + p.errorCode() + " base offset " + p.baseOffset() + " log start " + p.logStartOffset()
            + " record errors " + p.recordErrors() + " message " + p.errorMessage());
      }
    }
    return answers.stream().map(a -> a.replace(topic, "TOPIC")).toList();
  }
}
