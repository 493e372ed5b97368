package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.messages.EndTxnRequest;
import io.kwire.messages.EndTxnResponse;
import io.kwire.messages.EndTxnResponseBuilder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * EndTxn: commits or aborts the open transaction, its markers written before the answer (Kafka
 * writes them after; the fake has no delay to hide). A retried EndTxn of the same outcome is NONE.
 * From v5 ({@link TransactionCoordinator#endTxnV2}) the epoch is bumped and answered.
 */
public final class EndTxnHandler implements ApiHandler<EndTxnRequest, EndTxnResponse> {
  /** v5 is transactions version 2 (KIP-890): every end bumps the epoch, which the response carries. */
  private static final int TRANSACTIONS_V2 = 5;
  private final TransactionCoordinator transactions;

  public EndTxnHandler(TransactionCoordinator transactions) {
    this.transactions = transactions;
  }

  @Override
  public CompletionStage<EndTxnResponse> handle(EndTxnRequest request, RequestContext context) {
    if (context.apiVersion() >= TRANSACTIONS_V2) {
      short error = TxnChecks.coordinator(transactions, request.transactionalId(), context);
      TransactionCoordinator.Ended ended = error != ErrorCode.NONE
          ? new TransactionCoordinator.Ended(error, -1, (short) -1)
          : transactions.endTxnV2(request.transactionalId(), request.producerId(), request.producerEpoch(),
              request.committed());
      return CompletableFuture.completedFuture(new EndTxnResponseBuilder().errorCode(ended.errorCode())
          .producerId(ended.producerId()).producerEpoch(ended.epoch()).build());
    }
    short error = TxnChecks.producer(transactions, request.transactionalId(), request.producerId(),
        request.producerEpoch(), context);
    if (error == ErrorCode.NONE) {
      error = transactions.endTxn(request.transactionalId(), request.committed());
    }
    return CompletableFuture.completedFuture(new EndTxnResponseBuilder()
        .errorCode(TxnChecks.forVersion(error, context.apiVersion(), 2)).build());
  }
}
