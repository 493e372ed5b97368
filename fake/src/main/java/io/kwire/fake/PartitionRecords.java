package io.kwire.fake;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.List;

/** A partition's data records read straight from its log, for a test to assert on without a consumer. */
final class PartitionRecords {
  private final ClusterState state;
  private final ClusterCalls calls;

  PartitionRecords(ClusterState state, ClusterCalls calls) {
    this.state = state;
    this.calls = calls;
  }

  List<KafkaRecord> read(String topic, int partition) {
    return calls.call(() -> {
      List<KafkaRecord> out = new ArrayList<>();
      for (StoredBatch stored : TopicAdmin.partition(state, topic, partition).log().batches()) {
        // read from a copy: the records are views into their bytes, which must not reach the log's
        for (RecordBatch batch : Records.wrap(stored.bytes().clone()).batches()) {
          if (!batch.isControl()) {
            batch.forEach(out::add);
          }
        }
      }
      return List.copyOf(out);
    });
  }
}
