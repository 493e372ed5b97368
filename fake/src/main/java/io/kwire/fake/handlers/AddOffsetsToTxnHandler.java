package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.messages.AddOffsetsToTxnRequest;
import io.kwire.messages.AddOffsetsToTxnResponse;
import io.kwire.messages.AddOffsetsToTxnResponseBuilder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** AddOffsetsToTxn: the group joins the open transaction, so TxnOffsetCommit may stage its offsets. */
public final class AddOffsetsToTxnHandler implements ApiHandler<AddOffsetsToTxnRequest, AddOffsetsToTxnResponse> {
  private final TransactionCoordinator transactions;

  public AddOffsetsToTxnHandler(TransactionCoordinator transactions) {
    this.transactions = transactions;
  }

  @Override
  public CompletionStage<AddOffsetsToTxnResponse> handle(AddOffsetsToTxnRequest request, RequestContext context) {
    short error = TxnChecks.producer(transactions, request.transactionalId(), request.producerId(),
        request.producerEpoch(), context);
    if (error == ErrorCode.NONE && (request.groupId() == null || request.groupId().isEmpty())) {
      error = ErrorCode.INVALID_GROUP_ID;
    }
    if (error == ErrorCode.NONE) {
      transactions.addGroup(request.transactionalId(), request.groupId());
    }
    return CompletableFuture.completedFuture(new AddOffsetsToTxnResponseBuilder()
        .errorCode(TxnChecks.forVersion(error, context.apiVersion(), 2)).build());
  }
}
