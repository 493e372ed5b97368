package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.InitProducerIdRequest;
import io.kwire.messages.InitProducerIdResponse;
import io.kwire.messages.InitProducerIdResponseBuilder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * InitProducerId for idempotent producers: as Kafka does without a transactional id, every request
 * gets a new producer id at epoch 0. Transactional ids are refused (no transactions yet).
 */
public final class InitProducerIdHandler implements ApiHandler<InitProducerIdRequest, InitProducerIdResponse> {
  private final ClusterState cluster;

  public InitProducerIdHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<InitProducerIdResponse> handle(InitProducerIdRequest request, RequestContext context) {
    InitProducerIdResponseBuilder out = new InitProducerIdResponseBuilder();
    if (request.transactionalId() != null) {
      return CompletableFuture.completedFuture(out.errorCode(ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED)
          .producerId(-1).producerEpoch((short) -1).build());
    }
    return CompletableFuture.completedFuture(out.producerId(cluster.newProducerId()).producerEpoch((short) 0).build());
  }
}
