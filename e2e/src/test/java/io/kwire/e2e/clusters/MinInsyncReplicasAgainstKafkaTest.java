package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * A topic whose min.insync.replicas is above its replication factor: a one-broker cluster, a topic
 * of one replica that asks for two in sync. Kafka 4.4.0 counts min.insync.replicas at most up to
 * the replication factor, so acks=all is taken, not refused with NOT_ENOUGH_REPLICAS; the same raw
 * Produce requests (v12, acks -1, 1, -1) to the real broker and to the fake are answered alike.
 * (Below the replication factor, NOT_ENOUGH_REPLICAS needs brokers that stop: fake's
 * BrokerFailureTest.)
 */
class MinInsyncReplicasAgainstKafkaTest {
  @RegisterExtension
  static final Targets TARGETS = new Targets();

  @Test
  void minInsyncReplicasAboveTheReplicationFactorCountsAsTheFactor() throws Exception {
    String topic = "min-isr-" + Long.toHexString(System.nanoTime() & 0xffffff);
    List<Target> targets = TARGETS.both().toList();
    List<String> kafka = run(targets.get(0), topic);
    List<String> fake = run(targets.get(1), topic);
    assertEquals("acks=-1: error 0 base offset 0", kafka.get(0), "the premise, on Kafka");
    assertEquals(String.join("\n", kafka), String.join("\n", fake));
  }

  private static List<String> run(Target target, String topic) throws Exception {
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1).configs(Map.of("min.insync.replicas", "2"))))
          .all().get();
    }
    String[] hostPort = target.bootstrapServers().split(",")[0].split(":");
    List<String> answers = new ArrayList<>();
    try (KwireClient client = KwireClient.builder().clientId("kwire-e2e")
        .connect(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])))) {
      Broker.awaitServed(client, topic, 1);
      for (short acks : new short[] {-1, 1, -1}) {
        ProduceResponse.PartitionProduceResponse p = client.send(new ProduceRequestBuilder().acks(acks)
            .timeoutMs(10_000).topicData(List.of(new TopicProduceDataBuilder().name(topic).partitionData(List.of(
                new PartitionProduceDataBuilder().index(0).records(RecordBatchBuilder.create(0)
                    .append(1_000L, null, "v".getBytes(StandardCharsets.UTF_8)).build()).build())).build()))
            .build(), ProduceResponse.class, (short) 12).join().responses().get(0).partitionResponses().get(0);
        answers.add("acks=" + acks + ": error " + p.errorCode() + " base offset " + p.baseOffset()
            + (p.errorMessage() == null ? "" : " message " + p.errorMessage()));
      }
    }
    return answers;
  }
}
