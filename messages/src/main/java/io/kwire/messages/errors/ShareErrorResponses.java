package io.kwire.messages.errors;

import io.kwire.messages.AlterShareGroupOffsetsRequest;
import io.kwire.messages.AlterShareGroupOffsetsResponseBuilder;
import io.kwire.messages.DeleteShareGroupOffsetsRequest;
import io.kwire.messages.DeleteShareGroupOffsetsResponseBuilder;
import io.kwire.messages.DescribeShareGroupOffsetsRequest;
import io.kwire.messages.DescribeShareGroupOffsetsResponse;
import io.kwire.messages.DescribeShareGroupOffsetsResponseBuilder;
import io.kwire.messages.ShareAcknowledgeRequest;
import io.kwire.messages.ShareAcknowledgeResponseBuilder;
import io.kwire.messages.ShareFetchRequest;
import io.kwire.messages.ShareFetchResponseBuilder;
import io.kwire.messages.ShareGroupDescribeRequest;
import io.kwire.messages.ShareGroupDescribeResponse;
import io.kwire.messages.ShareGroupDescribeResponseBuilder;
import io.kwire.messages.ShareGroupHeartbeatRequest;
import io.kwire.messages.ShareGroupHeartbeatResponseBuilder;
import io.kwire.messages.DeleteShareGroupStateRequest;
import io.kwire.messages.DeleteShareGroupStateResponse;
import io.kwire.messages.InitializeShareGroupStateRequest;
import io.kwire.messages.InitializeShareGroupStateResponse;
import io.kwire.messages.ReadShareGroupStateRequest;
import io.kwire.messages.ReadShareGroupStateResponse;
import io.kwire.messages.ReadShareGroupStateSummaryRequest;
import io.kwire.messages.ReadShareGroupStateSummaryResponse;
import io.kwire.messages.WriteShareGroupStateRequest;
import io.kwire.messages.WriteShareGroupStateResponse;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.ArrayList;
import java.util.List;

/**
 * The error responses of the share group APIs (KIP-932): the code at the top level, or per group
 * asked for; the share coordinator's state APIs (83-87) per topic and partition asked for.
 */
final class ShareErrorResponses {
  private ShareErrorResponses() {}

  static void register(ErrorResponses.Registry shapes) {
    shapes.add(ShareGroupHeartbeatRequest.class, (request, version, code) ->
        new ShareGroupHeartbeatResponseBuilder().errorCode(code).build());
    shapes.add(ShareGroupDescribeRequest.class, ShareErrorResponses::shareGroupDescribe);
    shapes.add(ShareFetchRequest.class, (request, version, code) ->
        new ShareFetchResponseBuilder().errorCode(code).build());
    shapes.add(ShareAcknowledgeRequest.class, (request, version, code) ->
        new ShareAcknowledgeResponseBuilder().errorCode(code).build());
    shapes.add(DescribeShareGroupOffsetsRequest.class, ShareErrorResponses::describeShareGroupOffsets);
    shapes.add(AlterShareGroupOffsetsRequest.class, (request, version, code) ->
        new AlterShareGroupOffsetsResponseBuilder().errorCode(code).build());
    shapes.add(DeleteShareGroupOffsetsRequest.class, (request, version, code) ->
        new DeleteShareGroupOffsetsResponseBuilder().errorCode(code).build());
    shapes.add(InitializeShareGroupStateRequest.class, ShareErrorResponses::initializeShareGroupState);
    shapes.add(ReadShareGroupStateRequest.class, ShareErrorResponses::readShareGroupState);
    shapes.add(WriteShareGroupStateRequest.class, ShareErrorResponses::writeShareGroupState);
    shapes.add(DeleteShareGroupStateRequest.class, ShareErrorResponses::deleteShareGroupState);
    shapes.add(ReadShareGroupStateSummaryRequest.class, ShareErrorResponses::readShareGroupStateSummary);
  }

  private static final UnknownTaggedFields NONE = UnknownTaggedFields.EMPTY;

  static InitializeShareGroupStateResponse initializeShareGroupState(InitializeShareGroupStateRequest request,
      short version, short code) {
    return new InitializeShareGroupStateResponse(request.topics().stream()
        .map(t -> new InitializeShareGroupStateResponse.InitializeStateResult(t.topicId(), t.partitions().stream()
            .map(p -> new InitializeShareGroupStateResponse.PartitionResult(p.partition(), code, null, NONE)).toList(),
            NONE)).toList(), NONE);
  }

  static ReadShareGroupStateResponse readShareGroupState(ReadShareGroupStateRequest request, short version,
      short code) {
    return new ReadShareGroupStateResponse(request.topics().stream()
        .map(t -> new ReadShareGroupStateResponse.ReadStateResult(t.topicId(), t.partitions().stream()
            .map(p -> new ReadShareGroupStateResponse.PartitionResult(p.partition(), code, null, 0, 0, List.of(),
                NONE)).toList(), NONE)).toList(), NONE);
  }

  static WriteShareGroupStateResponse writeShareGroupState(WriteShareGroupStateRequest request, short version,
      short code) {
    return new WriteShareGroupStateResponse(request.topics().stream()
        .map(t -> new WriteShareGroupStateResponse.WriteStateResult(t.topicId(), t.partitions().stream()
            .map(p -> new WriteShareGroupStateResponse.PartitionResult(p.partition(), code, null, NONE)).toList(),
            NONE)).toList(), NONE);
  }

  static DeleteShareGroupStateResponse deleteShareGroupState(DeleteShareGroupStateRequest request, short version,
      short code) {
    return new DeleteShareGroupStateResponse(request.topics().stream()
        .map(t -> new DeleteShareGroupStateResponse.DeleteStateResult(t.topicId(), t.partitions().stream()
            .map(p -> new DeleteShareGroupStateResponse.PartitionResult(p.partition(), code, null, NONE)).toList(),
            NONE)).toList(), NONE);
  }

  static ReadShareGroupStateSummaryResponse readShareGroupStateSummary(ReadShareGroupStateSummaryRequest request,
      short version, short code) {
    return new ReadShareGroupStateSummaryResponse(request.topics().stream()
        .map(t -> new ReadShareGroupStateSummaryResponse.ReadStateSummaryResult(t.topicId(), t.partitions().stream()
            .map(p -> new ReadShareGroupStateSummaryResponse.PartitionResult(p.partition(), code, null, 0, 0, 0, -1,
                NONE)).toList(), NONE)).toList(), NONE);
  }

  static DescribeShareGroupOffsetsResponse describeShareGroupOffsets(DescribeShareGroupOffsetsRequest request,
      short version, short errorCode) {
    List<DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseGroup> groups = new ArrayList<>();
    for (DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup g : request.groups()) {
      groups.add(new DescribeShareGroupOffsetsResponseBuilder.DescribeShareGroupOffsetsResponseGroupBuilder()
          .groupId(g.groupId()).errorCode(errorCode).build());
    }
    return new DescribeShareGroupOffsetsResponseBuilder().groups(groups).build();
  }

  static ShareGroupDescribeResponse shareGroupDescribe(ShareGroupDescribeRequest request, short version,
      short errorCode) {
    List<ShareGroupDescribeResponse.DescribedGroup> groups = new ArrayList<>();
    for (String id : request.groupIds()) {
      groups.add(new ShareGroupDescribeResponseBuilder.DescribedGroupBuilder().groupId(id).errorCode(errorCode)
          .build());
    }
    return new ShareGroupDescribeResponseBuilder().groups(groups).build();
  }
}
