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
import java.util.ArrayList;
import java.util.List;

/** The error responses of the share group APIs (KIP-932): the code at the top level, or per group asked for. */
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
