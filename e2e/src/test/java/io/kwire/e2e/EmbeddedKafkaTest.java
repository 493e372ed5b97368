package io.kwire.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

class EmbeddedKafkaTest {

  @Test
  void theBrokerAnswersKafkasOwnAdminClient() throws Exception {
    EmbeddedKafka broker = EmbeddedKafka.shared();
    try (Admin admin = broker.admin()) {
      var nodes = admin.describeCluster().nodes().get(10, TimeUnit.SECONDS);
      assertEquals(1, nodes.size());
      assertEquals(broker.port(), nodes.iterator().next().port());
    }
  }
}
