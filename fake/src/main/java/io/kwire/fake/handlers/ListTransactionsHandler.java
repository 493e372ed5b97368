package io.kwire.fake.handlers;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.fake.txns.TransactionView;
import io.kwire.messages.ListTransactionsRequest;
import io.kwire.messages.ListTransactionsResponse;
import io.kwire.messages.ListTransactionsResponseBuilder;
import io.kwire.messages.ListTransactionsResponseBuilder.TransactionStateBuilder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ListTransactions at each broker: the transactional ids it coordinates, filtered as Kafka filters
 * them: by state (names Kafka does not know come back in unknownStateFilters), by producer id, by
 * duration (v1+: open longer than that many ms, counted from the transaction's start; an id with
 * none, Empty, always passes, as on Kafka) and (v2+) by a transactional id pattern matched whole,
 * an empty one matching all (RE2 syntax run by RE2J: linear time on the cluster thread, where
 * Kafka uses Java's regex; INVALID_REGULAR_EXPRESSION when it does not compile).
 */
public final class ListTransactionsHandler implements ApiHandler<ListTransactionsRequest, ListTransactionsResponse> {
  private final TransactionCoordinator transactions;
  private final ClusterClock clock;

  public ListTransactionsHandler(TransactionCoordinator transactions, ClusterClock clock) {
    this.transactions = transactions;
    this.clock = clock;
  }

  @Override
  public CompletionStage<ListTransactionsResponse> handle(ListTransactionsRequest request, RequestContext context) {
    Pattern pattern = null;
    String wanted = request.transactionalIdPattern();
    if (wanted != null && !wanted.isEmpty()) {
      try {
        pattern = Pattern.compile(wanted);
      } catch (PatternSyntaxException e) {
        return CompletableFuture.completedFuture(new ListTransactionsResponseBuilder()
            .errorCode(ErrorCode.INVALID_REGULAR_EXPRESSION).build());
      }
    }
    Set<String> states = new HashSet<>();
    List<String> unknown = new ArrayList<>();
    for (String state : request.stateFilters()) {
      if (TransactionView.KAFKA_STATES.contains(state)) {
        states.add(state);
      } else {
        unknown.add(state);
      }
    }
    Set<Long> producerIds = new HashSet<>(request.producerIdFilters());
    long now = clock.nowMs();
    List<ListTransactionsResponse.TransactionState> out = new ArrayList<>();
    for (TransactionView txn : transactions.transactions()) {
      boolean listed = transactions.coordinatorFor(txn.transactionalId()) == context.brokerId()
          && (request.stateFilters().isEmpty() || states.contains(txn.state()))
          && (producerIds.isEmpty() || producerIds.contains(txn.producerId()))
          && (request.durationFilter() < 0 || now - txn.startTimeMs() > request.durationFilter())
          && (pattern == null || pattern.matches(txn.transactionalId()));
      if (listed) {
        out.add(new TransactionStateBuilder().transactionalId(txn.transactionalId()).producerId(txn.producerId())
            .transactionState(txn.state()).build());
      }
    }
    return CompletableFuture.completedFuture(new ListTransactionsResponseBuilder().unknownStateFilters(unknown)
        .transactionStates(out).build());
  }
}
