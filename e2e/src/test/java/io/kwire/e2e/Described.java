package io.kwire.e2e;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * A topic's description once a broker's metadata has it: right after CreateTopics the controller
 * has made the topic, but the broker asked may not have learnt it yet (UNKNOWN_TOPIC_OR_PARTITION
 * for a moment, more so on a loaded machine).
 */
public final class Described {
  private Described() {}

  public static TopicDescription topic(Admin admin, String topic) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      try {
        return admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS).get(topic);
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
          throw e;
        }
      }
      Thread.sleep(20); // the broker learns it from the metadata log: nothing here to wait on
    }
  }
}
