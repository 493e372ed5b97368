package io.kwire.messages.errors;

import io.kwire.messages.AddOffsetsToTxnRequest;
import io.kwire.messages.AddOffsetsToTxnResponseBuilder;
import io.kwire.messages.AddPartitionsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnResponse;
import io.kwire.messages.AddPartitionsToTxnResponseBuilder;
import io.kwire.messages.EndTxnRequest;
import io.kwire.messages.EndTxnResponseBuilder;
import io.kwire.messages.InitProducerIdRequest;
import io.kwire.messages.InitProducerIdResponseBuilder;
import io.kwire.messages.TxnOffsetCommitRequest;
import io.kwire.messages.TxnOffsetCommitResponse;
import io.kwire.messages.TxnOffsetCommitResponseBuilder;
import java.util.ArrayList;
import java.util.List;

/** The error responses of the transaction coordinator's APIs. */
final class TxnErrorResponses {
  private TxnErrorResponses() {}

  static void register(ErrorResponses.Registry shapes) {
    shapes.add(InitProducerIdRequest.class, (request, version, code) ->
        new InitProducerIdResponseBuilder().errorCode(code).producerId(-1).producerEpoch((short) -1).build());
    shapes.add(AddPartitionsToTxnRequest.class, TxnErrorResponses::addPartitionsToTxn);
    shapes.add(AddOffsetsToTxnRequest.class, (request, version, code) ->
        new AddOffsetsToTxnResponseBuilder().errorCode(code).build());
    shapes.add(EndTxnRequest.class, (request, version, code) -> new EndTxnResponseBuilder().errorCode(code).build());
    shapes.add(TxnOffsetCommitRequest.class, TxnErrorResponses::txnOffsetCommit);
  }

  /** Before v4 every partition asked for with the code; from v4 (batched transactions) the top-level code. */
  static AddPartitionsToTxnResponse addPartitionsToTxn(AddPartitionsToTxnRequest request, short version,
      short errorCode) {
    if (version >= 4) {
      return new AddPartitionsToTxnResponseBuilder().errorCode(errorCode).build();
    }
    List<AddPartitionsToTxnResponse.AddPartitionsToTxnTopicResult> topics = new ArrayList<>();
    for (AddPartitionsToTxnRequest.AddPartitionsToTxnTopic topic : request.v3AndBelowTopics()) {
      List<AddPartitionsToTxnResponse.AddPartitionsToTxnPartitionResult> partitions = new ArrayList<>();
      for (int index : topic.partitions()) {
        partitions.add(new AddPartitionsToTxnResponseBuilder.AddPartitionsToTxnPartitionResultBuilder()
            .partitionIndex(index).partitionErrorCode(errorCode).build());
      }
      topics.add(new AddPartitionsToTxnResponseBuilder.AddPartitionsToTxnTopicResultBuilder().name(topic.name())
          .resultsByPartition(partitions).build());
    }
    return new AddPartitionsToTxnResponseBuilder().resultsByTopicV3AndBelow(topics).build();
  }

  static TxnOffsetCommitResponse txnOffsetCommit(TxnOffsetCommitRequest request, short version, short errorCode) {
    List<TxnOffsetCommitResponse.TxnOffsetCommitResponseTopic> topics = new ArrayList<>();
    for (TxnOffsetCommitRequest.TxnOffsetCommitRequestTopic topic : request.topics()) {
      List<TxnOffsetCommitResponse.TxnOffsetCommitResponsePartition> partitions = new ArrayList<>();
      for (TxnOffsetCommitRequest.TxnOffsetCommitRequestPartition p : topic.partitions()) {
        partitions.add(new TxnOffsetCommitResponseBuilder.TxnOffsetCommitResponsePartitionBuilder()
            .partitionIndex(p.partitionIndex()).errorCode(errorCode).build());
      }
      topics.add(new TxnOffsetCommitResponseBuilder.TxnOffsetCommitResponseTopicBuilder().name(topic.name())
          .topicId(topic.topicId()).partitions(partitions).build());
    }
    return new TxnOffsetCommitResponseBuilder().topics(topics).build();
  }
}
