package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.fake.txns.TransactionView;
import io.kwire.messages.DescribeTransactionsRequest;
import io.kwire.messages.DescribeTransactionsResponse;
import io.kwire.messages.DescribeTransactionsResponseBuilder;
import io.kwire.messages.DescribeTransactionsResponseBuilder.TopicDataBuilder;
import io.kwire.messages.DescribeTransactionsResponseBuilder.TransactionStateBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeTransactions at each transactional id's coordinator: its state (Empty, Ongoing,
 * CompleteCommit, CompleteAbort), timeout, start time (-1 before a first partition or group since
 * InitProducerId), producer id and epoch, and the open transaction's partitions by topic;
 * NOT_COORDINATOR at another broker, TRANSACTIONAL_ID_NOT_FOUND for an id never initialised,
 * INVALID_REQUEST for an empty one.
 */
public final class DescribeTransactionsHandler
    implements ApiHandler<DescribeTransactionsRequest, DescribeTransactionsResponse> {
  static final short TRANSACTIONAL_ID_NOT_FOUND = 105;

  private final TransactionCoordinator transactions;

  public DescribeTransactionsHandler(TransactionCoordinator transactions) {
    this.transactions = transactions;
  }

  @Override
  public CompletionStage<DescribeTransactionsResponse> handle(DescribeTransactionsRequest request,
      RequestContext context) {
    List<DescribeTransactionsResponse.TransactionState> states = new ArrayList<>();
    for (String id : request.transactionalIds()) {
      // an error leaves the other fields at their zero defaults, as Kafka's coordinator does
      TransactionStateBuilder out = new TransactionStateBuilder().transactionalId(id).transactionState("");
      TransactionView txn = id == null || id.isEmpty() ? null : transactions.transaction(id);
      if (id == null || id.isEmpty()) {
        out.errorCode(ErrorCode.INVALID_REQUEST);
      } else if (transactions.coordinatorFor(id) != context.brokerId()) {
        out.errorCode(ErrorCode.NOT_COORDINATOR);
      } else if (txn == null) {
        out.errorCode(TRANSACTIONAL_ID_NOT_FOUND);
      } else {
        Map<String, List<Integer>> byTopic = new LinkedHashMap<>();
        txn.partitions().forEach(tp -> byTopic.computeIfAbsent(tp.topic(), t -> new ArrayList<>()).add(tp.partition()));
        List<DescribeTransactionsResponse.TopicData> topics = new ArrayList<>();
        byTopic.forEach((topic, partitions) -> topics.add(new TopicDataBuilder().topic(topic).partitions(partitions)
            .build()));
        out.transactionState(txn.state()).transactionTimeoutMs(txn.timeoutMs())
            .transactionStartTimeMs(txn.startTimeMs()).producerId(txn.producerId()).producerEpoch(txn.epoch())
            .topics(topics);
      }
      states.add(out.build());
    }
    return CompletableFuture.completedFuture(new DescribeTransactionsResponseBuilder().transactionStates(states)
        .build());
  }
}
