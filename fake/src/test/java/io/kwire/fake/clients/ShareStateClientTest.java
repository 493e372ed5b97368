package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.FakeCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.InitializeShareGroupStateRequestData;
import org.apache.kafka.common.message.ReadShareGroupStateRequestData;
import org.apache.kafka.common.message.ReadShareGroupStateResponseData;
import org.apache.kafka.common.message.WriteShareGroupStateRequestData;
import org.apache.kafka.common.requests.InitializeShareGroupStateRequest;
import org.apache.kafka.common.requests.InitializeShareGroupStateResponse;
import org.apache.kafka.common.requests.ReadShareGroupStateRequest;
import org.apache.kafka.common.requests.ReadShareGroupStateResponse;
import org.apache.kafka.common.requests.WriteShareGroupStateRequest;
import org.apache.kafka.common.requests.WriteShareGroupStateResponse;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/**
 * The share state APIs sent with Kafka's own request classes (kafka-clients 4.4.0) act on what a
 * KafkaShareConsumer is then given: records written acknowledged are never delivered, one written
 * available with delivery count 2 comes with count 3, and after the consumer's acknowledgements
 * ReadShareGroupState finds the start offset past them all.
 */
class ShareStateClientTest {
  private static final String GROUP = "written";

  @Test
  void aWrittenStateIsWhatAShareConsumerGets() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().start(); Admin admin = Admin.create(ClientConfigs.admin(kafka));
        KafkaWire wire = new KafkaWire(kafka.brokers().get(0))) {
      admin.createTopics(List.of(new NewTopic("states", 1, (short) 1))).all().get();
      Uuid topicId = admin.describeTopics(List.of("states")).allTopicNames().get().get("states").topicId();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(kafka))) {
        for (int i = 0; i < 5; i++) {
          producer.send(new ProducerRecord<>("states", null, "k" + i, "r-" + i)).get();
        }
      }
      InitializeShareGroupStateResponse initialized = wire.send(new InitializeShareGroupStateRequest.Builder(
          new InitializeShareGroupStateRequestData().setGroupId(GROUP).setTopics(List.of(
              new InitializeShareGroupStateRequestData.InitializeStateData().setTopicId(topicId).setPartitions(List.of(
                  new InitializeShareGroupStateRequestData.PartitionData().setPartition(0).setStateEpoch(0)
                      .setStartOffset(0)))))), (short) 0);
      assertEquals(0, initialized.data().results().get(0).partitions().get(0).errorCode());
      WriteShareGroupStateResponse written = wire.send(new WriteShareGroupStateRequest.Builder(
          new WriteShareGroupStateRequestData().setGroupId(GROUP).setTopics(List.of(
              new WriteShareGroupStateRequestData.WriteStateData().setTopicId(topicId).setPartitions(List.of(
                  new WriteShareGroupStateRequestData.PartitionData().setPartition(0).setStateEpoch(0)
                      .setLeaderEpoch(0).setStartOffset(0).setStateBatches(List.of(
                          new WriteShareGroupStateRequestData.StateBatch().setFirstOffset(0).setLastOffset(1)
                              .setDeliveryState((byte) 2).setDeliveryCount((short) 1),
                          new WriteShareGroupStateRequestData.StateBatch().setFirstOffset(2).setLastOffset(2)
                              .setDeliveryState((byte) 0).setDeliveryCount((short) 2)))))))), (short) 1);
      assertEquals(0, written.data().results().get(0).partitions().get(0).errorCode());

      try (KafkaShareConsumer<String, String> c = new KafkaShareConsumer<>(shareConsumer(kafka))) {
        c.subscribe(List.of("states"));
        List<ConsumerRecord<String, String>> got = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (got.size() < 3 && System.nanoTime() < deadline) {
          c.poll(Duration.ofMillis(100)).forEach(got::add);
        }
        assertEquals(List.of("r-2 x3", "r-3 x1", "r-4 x1"), got.stream()
            .map(r -> r.value() + " x" + r.deliveryCount().orElseThrow()).toList());
        got.forEach(r -> c.acknowledge(r, AcknowledgeType.ACCEPT));
        c.commitSync();
      }
      ReadShareGroupStateResponse read = wire.send(new ReadShareGroupStateRequest.Builder(
          new ReadShareGroupStateRequestData().setGroupId(GROUP).setTopics(List.of(
              new ReadShareGroupStateRequestData.ReadStateData().setTopicId(topicId).setPartitions(List.of(
                  new ReadShareGroupStateRequestData.PartitionData().setPartition(0).setLeaderEpoch(0)))))),
          (short) 0);
      ReadShareGroupStateResponseData.PartitionResult state = read.data().results().get(0).partitions().get(0);
      assertEquals("0 0 5 []", state.errorCode() + " " + state.stateEpoch() + " " + state.startOffset() + " "
          + state.stateBatches());
    }
  }

  private static Properties shareConsumer(FakeCluster kafka) {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    p.put(ConsumerConfig.GROUP_ID_CONFIG, GROUP);
    p.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit");
    p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
    p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 8_000);
    p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100);
    p.put(ConsumerConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    return p;
  }
}
