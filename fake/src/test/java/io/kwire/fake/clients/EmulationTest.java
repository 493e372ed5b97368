package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.KafkaRelease;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.message.ApiVersionsResponseData.ApiVersion;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.ApiVersionsResponse;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.requests.ResponseHeader;
import org.junit.jupiter.api.Test;

/** An emulated Kafka 2.8 broker as kafka-clients 4.4.0 sees it: older versions, no KIP-848. */
class EmulationTest {
  @Test
  void advertisesWhat28AndTheFakeBothServe() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().emulate(KafkaRelease.V2_8).start()) {
      ApiVersionsResponse answer = apiVersions(kafka, (short) 3, (short) 3);
      assertEquals(Errors.NONE.code(), answer.data().errorCode());
      // 2.8's own ranges: the versions 4.0 removed are served through the bridge's translations
      assertEquals("0-9", text(answer.apiVersion(ApiKeys.PRODUCE.id)));
      assertEquals("0-12", text(answer.apiVersion(ApiKeys.FETCH.id)));
      assertEquals("0-11", text(answer.apiVersion(ApiKeys.METADATA.id)));
      assertEquals("0-3", text(answer.apiVersion(ApiKeys.API_VERSIONS.id)));
      assertNull(answer.apiVersion(ApiKeys.CONSUMER_GROUP_HEARTBEAT.id), "2.8 has no KIP-848");
      assertNull(answer.apiVersion(ApiKeys.CONSUMER_GROUP_DESCRIBE.id));
    }
  }

  @Test
  void anEmulated40NoLongerServesTheVersionsItRemoved() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().emulate(KafkaRelease.V4_0).start()) {
      ApiVersionsResponse answer = apiVersions(kafka, (short) 3, (short) 3);
      assertEquals("3-12", text(answer.apiVersion(ApiKeys.PRODUCE.id)), "KIP-896 removed Produce 0-2 in 4.0");
      assertEquals("4-17", text(answer.apiVersion(ApiKeys.FETCH.id)));
    }
  }

  @Test
  void answersANewerApiVersionsAtV0WithUnsupportedVersion() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().emulate(KafkaRelease.V2_8).start()) {
      ApiVersionsResponse answer = apiVersions(kafka, (short) 4, (short) 0);
      assertEquals(Errors.UNSUPPORTED_VERSION.code(), answer.data().errorCode());
      assertEquals("0-3", text(answer.apiVersion(ApiKeys.API_VERSIONS.id)));
    }
  }

  @Test
  void closesTheConnectionOnAVersionThe28BrokerLacks() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().emulate(KafkaRelease.V2_8).start();
        Socket socket = connect(kafka)) {
      // Produce v10 (3.7+): a 2.8 broker closes the connection, as Kafka's SocketServer does
      // header v2: api key, version, correlation id, null client id, no tagged fields; no body needed
      ByteBuffer header = ByteBuffer.allocate(11).putShort(ApiKeys.PRODUCE.id).putShort((short) 10).putInt(7)
          .putShort((short) -1).put((byte) 0).flip();
      send(socket, header);
      assertThrows(EOFException.class, () -> new DataInputStream(socket.getInputStream()).readInt());
    }
  }

  @Test
  void kafkaClients44DowngradeAndWorkAgainstAn28Broker() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().emulate(KafkaRelease.V2_8).topic("old", 2, 1).start()) {
      Properties producerProps = ClientConfigs.producer(kafka);
      producerProps.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true); // InitProducerId v4, Produce v9
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps)) {
        for (int i = 0; i < 6; i++) {
          producer.send(new ProducerRecord<>("old", i % 2, "k" + i, "v" + i)).get();
        }
      }
      List<String> values = new ArrayList<>();
      try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(ClientConfigs.consumer(kafka, "old-group"))) {
        consumer.subscribe(List.of("old")); // JoinGroup v7, Fetch v12, OffsetCommit v8
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (values.size() < 6 && System.nanoTime() < deadline) {
          for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
            values.add(r.value());
          }
        }
        consumer.commitSync();
      }
      values.sort(null);
      assertEquals(List.of("v0", "v1", "v2", "v3", "v4", "v5"), values);
    }
  }

  @Test
  void theConsumerGroupProtocolFailsAsAgainstAn28Broker() {
    try (FakeCluster kafka = FakeCluster.builder().emulate(KafkaRelease.V2_8).topic("kip848", 1, 1).start()) {
      Properties props = ClientConfigs.consumer(kafka, "kip848-group");
      props.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
      try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
        consumer.subscribe(List.of("kip848"));
        UnsupportedVersionException e = assertThrows(UnsupportedVersionException.class, () -> {
          long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
          while (System.nanoTime() < deadline) {
            consumer.poll(Duration.ofMillis(100));
          }
        });
        assertFalse(e.getMessage().isEmpty());
      }
    }
  }

  @Test
  void aReleaseIsNamedByItsNumber() {
    assertEquals(KafkaRelease.V3_9, KafkaRelease.of("3.9"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KafkaRelease.of("2.7"));
    assertEquals("no Kafka release 2.7 to emulate (known: 2.8, 3.0, 3.1, 3.2, 3.3, 3.4, 3.5, 3.6, 3.7, 3.8, 3.9,"
        + " 4.0, 4.1, 4.2, 4.3, 4.4)", e.getMessage());
  }

  private static String text(ApiVersion v) {
    return v == null ? "none" : v.minVersion() + "-" + v.maxVersion();
  }

  private static Socket connect(FakeCluster kafka) throws Exception {
    Socket socket = new Socket(kafka.brokers().get(0).host(), kafka.brokers().get(0).port());
    socket.setSoTimeout(10_000);
    return socket;
  }

  private static void send(Socket socket, ByteBuffer frame) throws Exception {
    DataOutputStream out = new DataOutputStream(socket.getOutputStream());
    out.writeInt(frame.remaining());
    byte[] bytes = new byte[frame.remaining()];
    frame.get(bytes);
    out.write(bytes);
    out.flush();
  }

  private static ApiVersionsResponse apiVersions(FakeCluster kafka, short version, short answeredAt) throws Exception {
    try (Socket socket = connect(kafka)) {
      RequestHeader header = new RequestHeader(ApiKeys.API_VERSIONS, version, "emulation-test", 1);
      send(socket, new ApiVersionsRequest.Builder(version).build(version).serializeWithHeader(header));
      DataInputStream in = new DataInputStream(socket.getInputStream());
      byte[] body = new byte[in.readInt()];
      in.readFully(body);
      ByteBuffer buffer = ByteBuffer.wrap(body);
      ResponseHeader.parse(buffer, (short) 0);
      return ApiVersionsResponse.parse(new ByteBufferAccessor(buffer), answeredAt);
    }
  }
}
