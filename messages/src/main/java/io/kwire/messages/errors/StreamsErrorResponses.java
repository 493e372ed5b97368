package io.kwire.messages.errors;

import io.kwire.messages.StreamsGroupDescribeRequest;
import io.kwire.messages.StreamsGroupDescribeResponse;
import io.kwire.messages.StreamsGroupDescribeResponseBuilder;
import io.kwire.messages.StreamsGroupHeartbeatRequest;
import io.kwire.messages.StreamsGroupHeartbeatResponseBuilder;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateRequest;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateResponseBuilder;
import java.util.ArrayList;
import java.util.List;

/** The error responses of the streams group APIs (KIP-1071): the code at the top level, or per group asked for. */
final class StreamsErrorResponses {
  private StreamsErrorResponses() {}

  static void register(ErrorResponses.Registry shapes) {
    shapes.add(StreamsGroupHeartbeatRequest.class, (request, version, code) ->
        new StreamsGroupHeartbeatResponseBuilder().errorCode(code).build());
    shapes.add(StreamsGroupDescribeRequest.class, StreamsErrorResponses::streamsGroupDescribe);
    shapes.add(StreamsGroupTopologyDescriptionUpdateRequest.class, (request, version, code) ->
        new StreamsGroupTopologyDescriptionUpdateResponseBuilder().errorCode(code).build());
  }

  static StreamsGroupDescribeResponse streamsGroupDescribe(StreamsGroupDescribeRequest request, short version,
      short errorCode) {
    List<StreamsGroupDescribeResponse.DescribedGroup> groups = new ArrayList<>();
    for (String id : request.groupIds()) {
      groups.add(new StreamsGroupDescribeResponseBuilder.DescribedGroupBuilder().groupId(id).errorCode(errorCode)
          .build());
    }
    return new StreamsGroupDescribeResponseBuilder().groups(groups).build();
  }
}
