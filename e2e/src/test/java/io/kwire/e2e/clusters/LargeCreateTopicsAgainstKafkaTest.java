package io.kwire.e2e.clusters;

import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestBuilder.CreatableTopicBuilder;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestBuilder.MetadataRequestTopicBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.net.KwireClient;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * How Kafka 4.4.0 caps one request's topic creation (its controller refuses a batch of more than
 * 10,000 records with POLICY_VIOLATION): the same raw CreateTopics (validateOnly, so the shared
 * broker gets no topics) and a Metadata naming many unknown topics, sent to the broker and the fake,
 * answered alike, as counts of each (error code, message) among the topics. Kafka answers every
 * unknown topic of a Metadata UNKNOWN_TOPIC_OR_PARTITION while its creation is under way, so only
 * refused creations (the topics still unknown afterwards) are compared.
 */
class LargeCreateTopicsAgainstKafkaTest {
  @RegisterExtension
  static final Targets TARGETS = new Targets();

  @Test
  void largeCreateTopicsAreAnsweredAsKafkaAnswersThem() throws Exception {
    String names = "large-" + Long.toHexString(System.nanoTime() & 0xffffff);
    TARGETS.assertSameTranscript(names, LargeCreateTopicsAgainstKafkaTest::run);
  }

  private static List<String> run(Target target, String names) {
    String[] hostPort = target.bootstrapServers().split(",")[0].split(":");
    List<String> answers = new ArrayList<>();
    try (KwireClient client = KwireClient.builder().clientId("kwire-e2e")
        .connect(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])))) {
      answers.add("4999 topics of 2: " + create(client, names + "-a", 4_999, 2));
      answers.add("5000 topics of 1: " + create(client, names + "-b", 5_000, 1));
      answers.add("5001 topics of 1: " + create(client, names + "-c", 5_001, 1));
      answers.add("10001 topics of 1: " + create(client, names + "-d", 10_001, 1));
      answers.add("1 topic of 9999: " + create(client, names + "-e", 1, 9_999));
      answers.add("1 topic of 10000: " + create(client, names + "-f", 1, 10_000));
      answers.add("1 topic of 10001: " + create(client, names + "-g", 1, 10_001));
      answers.add("2 topics of 6000: " + create(client, names + "-h", 2, 6_000));
      answers.add("20000 topics of 1: " + create(client, names + "-i", 20_000, 1));
      answers.add("metadata of 10001 unknown, auto-created: " + metadata(client, names + "-m", 10_001, true));
      answers.add("metadata of 10001 unknown, after: " + metadata(client, names + "-m", 10_001, false));
      answers.add("metadata of 5001 unknown, auto-created: " + metadata(client, names + "-n", 5_001, true));
      answers.add("metadata of 5001 unknown, after: " + metadata(client, names + "-n", 5_001, false));
    }
    return answers;
  }

  private static String metadata(KwireClient client, String prefix, int topics, boolean autoCreate) {
    List<io.kwire.messages.MetadataRequest.MetadataRequestTopic> list = new ArrayList<>();
    for (int i = 0; i < topics; i++) {
      list.add(new MetadataRequestTopicBuilder().name(prefix + "-" + i).build());
    }
    MetadataResponse response = client.send(new MetadataRequestBuilder().topics(list)
        .allowAutoTopicCreation(autoCreate).build(), MetadataResponse.class, (short) 12).join();
    Map<String, Integer> counts = new java.util.LinkedHashMap<>();
    for (MetadataResponse.MetadataResponseTopic t : response.topics()) {
      counts.merge(t.errorCode() + " partitions " + t.partitions().size(), 1, Integer::sum);
    }
    return counts.toString();
  }

  /** Counts of (error code, message) over the topics, in the order each first appears. */
  private static String create(KwireClient client, String prefix, int topics, int partitions) {
    List<CreateTopicsRequest.CreatableTopic> list = new ArrayList<>();
    for (int i = 0; i < topics; i++) {
      list.add(new CreatableTopicBuilder().name(prefix + "-" + i).numPartitions(partitions)
          .replicationFactor((short) 1).assignments(List.of()).configs(List.of()).build());
    }
    CreateTopicsResponse response = client.send(new CreateTopicsRequestBuilder().topics(list).timeoutMs(60_000)
        .validateOnly(true).build(), CreateTopicsResponse.class, (short) 7).join();
    Map<String, Integer> counts = new java.util.LinkedHashMap<>();
    for (CreateTopicsResponse.CreatableTopicResult r : response.topics()) {
      counts.merge(r.errorCode() + " " + r.errorMessage(), 1, Integer::sum);
    }
    return counts.toString();
  }
}
