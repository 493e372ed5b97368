package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The statuses' wording, as the 4.4.0 broker wrote it in the differential (e2e FakeMatchesKafkaTest). */
class StreamsTopologyConfigurerTest {
  /** The word count of e2e's GroupTypeScenarios, with the names of one of its runs against the broker. */
  private static StreamsTopology wordCount(String app) {
    String repartition = app + "-by-word-repartition";
    return new StreamsTopology(0, List.of(
        new StreamsTopology.Subtopology("0", List.of(app + "-words"), List.of(repartition), List.of(), List.of(),
            List.of()),
        new StreamsTopology.Subtopology("1", List.of(repartition), List.of(),
            List.of(new StreamsTopology.InternalTopic(app + "-counts-changelog", 0, (short) 0, Map.of())),
            List.of(new StreamsTopology.InternalTopic(repartition, 0, (short) 0, Map.of())), List.of())));
  }

  @Test
  void missingInternalTopicsAreNamedInKafkasOrderWithoutBrackets() {
    String app = "diff-streams-group-round-b818e2-app";
    StreamsTopologyConfigurer.Configured configured = StreamsTopologyConfigurer.configure(wordCount(app),
        t -> t.equals(app + "-words") ? 2 : -1);
    // Kafka 4.4.0's answer, verbatim: not sorted (by-word... would come first), and no brackets.
    assertEquals("Internal topics are missing: diff-streams-group-round-b818e2-app-counts-changelog, "
        + "diff-streams-group-round-b818e2-app-by-word-repartition", configured.status().detail());
  }

  @Test
  void moreThanThreeTopicsAreSummarizedAsKafkaDoes() {
    assertEquals("a, b, c and 2 additional topics", StreamsTopologyConfigurer.summarize(List.of("a", "b", "c", "d", "e")));
    assertEquals("a, b, c", StreamsTopologyConfigurer.summarize(List.of("a", "b", "c")));
    assertEquals("<none>", StreamsTopologyConfigurer.summarize(List.of()));
    StreamsTopologyConfigurer.Configured missing = StreamsTopologyConfigurer.configure(new StreamsTopology(0, List.of(
        new StreamsTopology.Subtopology("0", List.of("w", "x", "y", "z"), List.of(), List.of(), List.of(), List.of()))),
        t -> -1);
    assertEquals("Source topics w, x, y and 1 additional topics are missing.", missing.status().detail());
  }
}
