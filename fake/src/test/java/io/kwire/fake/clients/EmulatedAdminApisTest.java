package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.KafkaRelease;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.ApiVersionsResponse;
import org.junit.jupiter.api.Test;

/**
 * An emulated release advertises the admin APIs of issue 27 only where it had them, each at the
 * versions both it and the fake have (ApiVersions v3, kafka-clients' own classes).
 */
class EmulatedAdminApisTest {
  @Test
  void anOlderReleaseAdvertisesOnlyTheAdminApisItHad() throws Exception {
    Map<Integer, String> v28 = advertised(KafkaRelease.V2_8);
    assertEquals("0-0", v28.get(61), "DescribeProducers: 2.8 had it");
    assertEquals("0-2", v28.get(43), "ElectLeaders");
    assertEquals("0-0", v28.get(45), "AlterPartitionReassignments v0 only");
    assertEquals("0-2", v28.get(35), "DescribeLogDirs 0-2 (v0 through the bridge)");
    assertEquals(null, v28.get(65), "DescribeTransactions: 3.0 on");
    assertEquals(null, v28.get(75), "DescribeTopicPartitions: 3.7 on");
    assertEquals(null, v28.get(55), "DescribeQuorum: a ZooKeeper broker had none on its listener");

    Map<Integer, String> v39 = advertised(KafkaRelease.V3_9);
    assertEquals("0-0", v39.get(75));
    assertEquals("0-1", v39.get(66), "ListTransactions without the pattern filter");
    assertEquals("1-1", v39.get(27), "WriteTxnMarkers: 3.9's 0-1 and the fake's 1-2");
    assertEquals("0-0", v39.get(74), "ListClientMetricsResources, v0 of ListConfigResources");
    assertEquals("0-1", v39.get(57), "UpdateFeatures");

    Map<Integer, String> v44 = advertised(KafkaRelease.V4_4);
    assertEquals("0-2", v44.get(66));
    assertEquals("1-2", v44.get(27));
    assertEquals("0-1", v44.get(74));
    assertEquals("0-1", v44.get(80));
  }

  private static Map<Integer, String> advertised(KafkaRelease release) throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().emulate(release).start();
        KafkaWire wire = new KafkaWire(kafka.brokers().get(0))) {
      ApiVersionsResponse response = wire.send(new ApiVersionsRequest.Builder(), (short) 3);
      Map<Integer, String> out = new TreeMap<>();
      response.data().apiKeys().forEach(k -> out.put((int) k.apiKey(), k.minVersion() + "-" + k.maxVersion()));
      return out;
    }
  }
}
