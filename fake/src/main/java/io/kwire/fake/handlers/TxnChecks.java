package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.txns.TransactionCoordinator;

/** The checks every transaction coordinator API makes first. */
final class TxnChecks {
  private TxnChecks() {}

  /** NOT_COORDINATOR when sent to a broker not coordinating the id, INVALID_REQUEST for an empty id. */
  static short coordinator(TransactionCoordinator transactions, String transactionalId, RequestContext context) {
    if (transactionalId == null || transactionalId.isEmpty()) {
      return ErrorCode.INVALID_REQUEST;
    }
    return transactions.coordinatorFor(transactionalId) == context.brokerId() ? ErrorCode.NONE : ErrorCode.NOT_COORDINATOR;
  }

  /** The coordinator check, then the producer id and epoch against the id's current ones. */
  static short producer(TransactionCoordinator transactions, String transactionalId, long producerId, short epoch,
      RequestContext context) {
    short error = coordinator(transactions, transactionalId, context);
    return error != ErrorCode.NONE ? error : transactions.check(transactionalId, producerId, epoch);
  }

  /** PRODUCER_FENCED as versions before {@code fencedSince} know it: INVALID_PRODUCER_EPOCH (KIP-588). */
  static short forVersion(short error, int version, int fencedSince) {
    return error == ErrorCode.PRODUCER_FENCED && version < fencedSince ? ErrorCode.INVALID_PRODUCER_EPOCH : error;
  }
}
