package io.kwire.e2e.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The differential's own rules: a mask hides a value but not its presence, and a difference names its path. */
class MasksTest {
  private static List<String> diff(String api, String kafka, String fake) {
    List<String> out = new ArrayList<>();
    TreeDiff.differences("", Masks.apply(api, "response", JsonValues.parse(kafka), Set.of(), "diff-x"),
        Masks.apply(api, "response", JsonValues.parse(fake), Set.of(), "diff-x"), out);
    return out;
  }

  @Test
  void maskedFieldsStillHaveToBeThereAndNullStaysNull() {
    assertEquals(List.of(), diff("Metadata", "{\"clusterId\":\"a\",\"brokers\":[{\"nodeId\":1,\"port\":9092}]}",
        "{\"clusterId\":\"b\",\"brokers\":[{\"nodeId\":0,\"port\":40000}]}"));
    assertEquals(List.of("clusterId: only Kafka has it: <masked>"), diff("Metadata", "{\"clusterId\":\"a\"}", "{}"));
    assertEquals(List.of("topics[0].errorMessage: Kafka null, fake <text>"),
        diff("CreateTopics", "{\"topics\":[{\"errorMessage\":null}]}", "{\"topics\":[{\"errorMessage\":\"why\"}]}"));
    assertEquals(List.of("partitions[0].leaderId: Kafka -1, fake <node>"),
        diff("Metadata", "{\"partitions\":[{\"leaderId\":-1}]}", "{\"partitions\":[{\"leaderId\":0}]}"));
  }

  @Test
  void anUnmaskedDifferenceIsReportedWithItsPath() {
    assertEquals(List.of("responses[0].partitions[1].errorCode: Kafka 0, fake 45"), diff("Produce",
        "{\"responses\":[{\"partitions\":[{\"errorCode\":0},{\"errorCode\":0}]}]}",
        "{\"responses\":[{\"partitions\":[{\"errorCode\":0},{\"errorCode\":45}]}]}"));
  }

  @Test
  void listOffsetsPartitionsAreComparedInAnyOrder() {
    assertEquals(List.of(), diff("ListOffsets",
        "{\"topics\":[{\"partitions\":[{\"partitionIndex\":1,\"offset\":3},{\"partitionIndex\":0,\"offset\":6}]}]}",
        "{\"topics\":[{\"partitions\":[{\"partitionIndex\":0,\"offset\":6},{\"partitionIndex\":1,\"offset\":3}]}]}"));
  }

  @Test
  void listGroupsComparesOnlyTheScenariosGroupsInAnyOrder() {
    assertEquals(List.of(), diff("ListGroups",
        "{\"groups\":[{\"groupId\":\"other-test\"},{\"groupId\":\"diff-x-b\"},{\"groupId\":\"diff-x-a\"}]}",
        "{\"groups\":[{\"groupId\":\"diff-x-a\"},{\"groupId\":\"diff-x-b\"},{\"groupId\":\"diff-y-a\"}]}"));
    assertEquals(List.of("groups: Kafka has 1 elements, the fake 2: Kafka [{groupId=diff-x-a}] / fake [{groupId=diff-x-a},"
        + " {groupId=diff-x-b}]"), diff("ListGroups", "{\"groups\":[{\"groupId\":\"diff-x-a\"}]}",
        "{\"groups\":[{\"groupId\":\"diff-x-b\"},{\"groupId\":\"diff-x-a\"}]}"));
  }

  @Test
  void aPositiveMaskHidesOnlyPositiveValues() {
    assertEquals(List.of(), diff("ConsumerGroupHeartbeat", "{\"heartbeatIntervalMs\":5000}",
        "{\"heartbeatIntervalMs\":500}"));
    assertEquals(List.of("heartbeatIntervalMs: Kafka 0, fake <positive>"),
        diff("ConsumerGroupHeartbeat", "{\"heartbeatIntervalMs\":0}", "{\"heartbeatIntervalMs\":500}"));
  }

  @Test
  void groupEpochsAreComparedExactly() {
    assertEquals(List.of("memberEpoch: Kafka 2, fake 1"),
        diff("ConsumerGroupHeartbeat", "{\"memberEpoch\":2}", "{\"memberEpoch\":1}"));
    assertEquals(List.of("memberEpoch: Kafka 5, fake 2"),
        diff("ShareGroupHeartbeat", "{\"memberEpoch\":5}", "{\"memberEpoch\":2}"));
    assertEquals(List.of("groups[0].assignmentEpoch: Kafka 3, fake 2"), diff("StreamsGroupDescribe",
        "{\"groups\":[{\"groupEpoch\":3,\"assignmentEpoch\":3}]}", "{\"groups\":[{\"groupEpoch\":3,\"assignmentEpoch\":2}]}"));
  }
}
