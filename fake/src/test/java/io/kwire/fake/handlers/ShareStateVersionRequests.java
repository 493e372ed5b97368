package io.kwire.fake.handlers;

import io.kwire.messages.DeleteShareGroupStateRequest;
import io.kwire.messages.InitializeShareGroupStateRequest;
import io.kwire.messages.ReadShareGroupStateRequest;
import io.kwire.messages.ReadShareGroupStateSummaryRequest;
import io.kwire.messages.UnregisterControllerRequest;
import io.kwire.messages.WriteShareGroupStateRequest;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/**
 * EveryVersionTest's requests for the share coordinator's APIs (83-87) and UnregisterController
 * (94): a known topic's partitions 0 and 1 and an unknown topic, of a group whose keys broker 0
 * coordinates; Initialize comes first in the served list, so the others find state.
 */
final class ShareStateVersionRequests {
  private static final UnknownTaggedFields NONE = UnknownTaggedFields.EMPTY;
  private static final UUID UNKNOWN = new UUID(9, 9);

  private ShareStateVersionRequests() {}

  static Object request(short apiKey, short v, String group, UUID topicId) {
    return switch (apiKey) {
      case 83 -> new InitializeShareGroupStateRequest(group, List.of(
          new InitializeShareGroupStateRequest.InitializeStateData(topicId, List.of(
              new InitializeShareGroupStateRequest.PartitionData(0, 1, 0, NONE),
              new InitializeShareGroupStateRequest.PartitionData(1, 1, -1, NONE)), NONE),
          new InitializeShareGroupStateRequest.InitializeStateData(UNKNOWN, List.of(
              new InitializeShareGroupStateRequest.PartitionData(0, 1, 0, NONE)), NONE)), NONE);
      case 84 -> new ReadShareGroupStateRequest(group, List.of(
          new ReadShareGroupStateRequest.ReadStateData(topicId, List.of(
              new ReadShareGroupStateRequest.PartitionData(0, 1, NONE),
              new ReadShareGroupStateRequest.PartitionData(1, -1, NONE)), NONE),
          new ReadShareGroupStateRequest.ReadStateData(UNKNOWN, List.of(
              new ReadShareGroupStateRequest.PartitionData(0, 1, NONE)), NONE)), NONE);
      case 85 -> new WriteShareGroupStateRequest(group, List.of(
          new WriteShareGroupStateRequest.WriteStateData(topicId, List.of(
              new WriteShareGroupStateRequest.PartitionData(0, 1, 1, 2, v >= 1 ? 1 : -1, List.of(
                  new WriteShareGroupStateRequest.StateBatch(2, 3, (byte) 2, (short) 1, NONE),
                  new WriteShareGroupStateRequest.StateBatch(4, 4, (byte) 0, (short) 2, NONE)), NONE),
              new WriteShareGroupStateRequest.PartitionData(1, 0, 1, 0, -1, List.of(), NONE)), NONE)), NONE);
      case 86 -> new DeleteShareGroupStateRequest(group, List.of(
          new DeleteShareGroupStateRequest.DeleteStateData(topicId, List.of(
              new DeleteShareGroupStateRequest.PartitionData(1, NONE),
              new DeleteShareGroupStateRequest.PartitionData(7, NONE)), NONE)), NONE);
      case 87 -> new ReadShareGroupStateSummaryRequest(group, List.of(
          new ReadShareGroupStateSummaryRequest.ReadStateSummaryData(topicId, List.of(
              new ReadShareGroupStateSummaryRequest.PartitionData(0, 1, NONE),
              new ReadShareGroupStateSummaryRequest.PartitionData(1, 1, NONE)), NONE)), NONE);
      case 94 -> new UnregisterControllerRequest(v, NONE);
      default -> throw new AssertionError("no scenario for api key " + apiKey);
    };
  }
}
