package io.kwire.proxy.filters;

import io.kwire.messages.AddOffsetsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnRequest;
import io.kwire.messages.AlterConfigsRequest;
import io.kwire.messages.AlterPartitionReassignmentsRequest;
import io.kwire.messages.ConsumerGroupDescribeRequest;
import io.kwire.messages.ConsumerGroupHeartbeatRequest;
import io.kwire.messages.CreatePartitionsRequest;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.DeleteGroupsRequest;
import io.kwire.messages.DeleteRecordsRequest;
import io.kwire.messages.DeleteTopicsRequest;
import io.kwire.messages.DescribeConfigsRequest;
import io.kwire.messages.DescribeGroupsRequest;
import io.kwire.messages.DescribeLogDirsRequest;
import io.kwire.messages.DescribeProducersRequest;
import io.kwire.messages.DescribeTransactionsRequest;
import io.kwire.messages.ElectLeadersRequest;
import io.kwire.messages.EndTxnRequest;
import io.kwire.messages.IncrementalAlterConfigsRequest;
import io.kwire.messages.ListGroupsRequest;
import io.kwire.messages.ListPartitionReassignmentsRequest;
import io.kwire.messages.ListTransactionsRequest;
import io.kwire.messages.OffsetDeleteRequest;
import io.kwire.messages.ShareAcknowledgeRequest;
import io.kwire.messages.ShareFetchRequest;
import io.kwire.messages.ShareGroupHeartbeatRequest;
import io.kwire.messages.StreamsGroupHeartbeatRequest;
import io.kwire.messages.TxnOffsetCommitRequest;
import java.util.List;

/**
 * The requests a tenant may not send: APIs naming topics, groups or transactions that
 * {@link TenantFilter} does not translate (admin APIs, KIP-848 and share groups, transactions' own
 * APIs). Its ApiVersions response does not offer them; one sent anyway is refused. Only these
 * requests are decoded for it, and only when sent.
 */
final class TenantRefusals {
  static final List<Class<?>> REQUESTS = List.of(
      AddOffsetsToTxnRequest.class,
      AddPartitionsToTxnRequest.class,
      AlterConfigsRequest.class,
      AlterPartitionReassignmentsRequest.class,
      ConsumerGroupDescribeRequest.class,
      ConsumerGroupHeartbeatRequest.class,
      CreatePartitionsRequest.class,
      CreateTopicsRequest.class,
      DeleteGroupsRequest.class,
      DeleteRecordsRequest.class,
      DeleteTopicsRequest.class,
      DescribeConfigsRequest.class,
      DescribeGroupsRequest.class,
      DescribeLogDirsRequest.class,
      DescribeProducersRequest.class,
      DescribeTransactionsRequest.class,
      ElectLeadersRequest.class,
      EndTxnRequest.class,
      IncrementalAlterConfigsRequest.class,
      ListGroupsRequest.class,
      ListPartitionReassignmentsRequest.class,
      ListTransactionsRequest.class,
      OffsetDeleteRequest.class,
      ShareAcknowledgeRequest.class,
      ShareFetchRequest.class,
      ShareGroupHeartbeatRequest.class,
      StreamsGroupHeartbeatRequest.class,
      TxnOffsetCommitRequest.class);

  private TenantRefusals() {}
}
