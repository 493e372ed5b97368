package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.messages.InitProducerIdRequest;
import io.kwire.messages.InitProducerIdResponse;
import io.kwire.messages.InitProducerIdResponseBuilder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * InitProducerId. Without a transactional id, as Kafka does, every request gets a new producer id
 * at epoch 0. With one, the transaction coordinator keeps the producer id and bumps its epoch
 * ({@link TransactionCoordinator#init}); the request must reach the id's coordinator.
 */
public final class InitProducerIdHandler implements ApiHandler<InitProducerIdRequest, InitProducerIdResponse> {
  private final ClusterState cluster;
  private final TransactionCoordinator transactions;

  public InitProducerIdHandler(ClusterState cluster, TransactionCoordinator transactions) {
    this.cluster = cluster;
    this.transactions = transactions;
  }

  @Override
  public CompletionStage<InitProducerIdResponse> handle(InitProducerIdRequest request, RequestContext context) {
    InitProducerIdResponseBuilder out = new InitProducerIdResponseBuilder().producerId(-1).producerEpoch((short) -1);
    String id = request.transactionalId();
    if (id == null) {
      return CompletableFuture.completedFuture(out.producerId(cluster.newProducerId()).producerEpoch((short) 0).build());
    }
    short error = TxnChecks.coordinator(transactions, id, context);
    if (error == ErrorCode.NONE && (request.transactionTimeoutMs() <= 0
        || request.transactionTimeoutMs() > TransactionCoordinator.MAX_TIMEOUT_MS)) {
      error = ErrorCode.INVALID_TRANSACTION_TIMEOUT;
    }
    if (error != ErrorCode.NONE) {
      return CompletableFuture.completedFuture(out.errorCode(error).build());
    }
    TransactionCoordinator.Init init = transactions.init(id, request.producerId(), request.producerEpoch(),
        request.transactionTimeoutMs());
    return CompletableFuture.completedFuture(out.errorCode(TxnChecks.forVersion(init.errorCode(), context.apiVersion(), 4)).producerId(init.producerId())
        .producerEpoch(init.epoch()).build());
  }
}
