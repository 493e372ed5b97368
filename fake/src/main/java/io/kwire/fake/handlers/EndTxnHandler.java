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
 */
public final class EndTxnHandler implements ApiHandler<EndTxnRequest, EndTxnResponse> {
  private final TransactionCoordinator transactions;

  public EndTxnHandler(TransactionCoordinator transactions) {
    this.transactions = transactions;
  }

  @Override
  public CompletionStage<EndTxnResponse> handle(EndTxnRequest request, RequestContext context) {
    short error = TxnChecks.producer(transactions, request.transactionalId(), request.producerId(),
        request.producerEpoch(), context);
    if (error == ErrorCode.NONE) {
      error = transactions.endTxn(request.transactionalId(), request.committed());
    }
    return CompletableFuture.completedFuture(new EndTxnResponseBuilder()
        .errorCode(TxnChecks.forVersion(error, context.apiVersion(), 2)).build());
  }
}
