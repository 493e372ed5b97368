package io.kwire.fake.handlers;

import io.kwire.fake.security.AclCodes;
import io.kwire.fake.security.Authorizer;
import io.kwire.messages.errors.ErrorResponses;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/** What one request's principal may do, and the ways a gate refuses what it may not. */
final class Access {
  private final Authorizer authorizer;
  private final RequestContext context;

  Access(Authorizer authorizer, RequestContext context) {
    this.authorizer = authorizer;
    this.context = context;
  }

  boolean may(byte operation, byte resourceType, String name) {
    return authorizer.authorize(context.principal(), context.host(), operation, resourceType, name);
  }

  boolean mayOnCluster(byte operation) {
    return may(operation, AclCodes.CLUSTER, AclCodes.CLUSTER_NAME);
  }

  /** Whether some resource of the type allows the operation (Kafka's authorizeByResourceType). */
  boolean mayOnAny(byte operation, byte resourceType) {
    return authorizer.authorizeAny(context.principal(), context.host(), operation, resourceType);
  }

  int operations(byte resourceType, String name) {
    return authorizer.authorizedOperations(context.principal(), context.host(), resourceType, name);
  }

  /** Kafka's error response to the whole request, as its {@code getErrorResponse} shapes it. */
  @SuppressWarnings("unchecked")
  <Q, R> R refusal(Q request, short errorCode) {
    return (R) ErrorResponses.of(request, context.apiVersion(), errorCode).orElseThrow(() ->
        new IllegalStateException("no error response for " + request.getClass().getSimpleName()));
  }

  <Q, R> CompletionStage<R> refuse(Q request, short errorCode) {
    return CompletableFuture.completedFuture(refusal(request, errorCode));
  }

  /**
   * Hands on the request with the items the principal may act on ({@code with} makes it), answers
   * the others with {@code errorCode} as Kafka's error response to a request of them alone does,
   * and merges the two responses; the handler is not called when nothing is allowed, unless
   * {@code alwaysCall}.
   */
  <Q, R, T> CompletionStage<R> split(Q request, RequestContext ctx, ApiHandler<Q, R> next, List<T> items,
      Predicate<T> allowed, Function<List<T>, Q> with, BinaryOperator<R> merge, short errorCode, boolean alwaysCall) {
    return split(request, ctx, next, items, item -> allowed.test(item) ? 0 : errorCode, with, merge, alwaysCall);
  }

  /** The same with an error code per refused item ({@code refusal} 0 for an allowed one). */
  <Q, R, T> CompletionStage<R> split(Q request, RequestContext ctx, ApiHandler<Q, R> next, List<T> items,
      ToIntFunction<T> refusal, Function<List<T>, Q> with, BinaryOperator<R> merge, boolean alwaysCall) {
    List<T> yes = new ArrayList<>();
    Map<Integer, List<T>> no = new LinkedHashMap<>();
    for (T item : items) {
      int code = refusal.applyAsInt(item);
      if (code == 0) {
        yes.add(item);
      } else {
        no.computeIfAbsent(code, c -> new ArrayList<>()).add(item);
      }
    }
    if (no.isEmpty()) {
      return next.handle(request, ctx);
    }
    R refused = null;
    for (Map.Entry<Integer, List<T>> e : no.entrySet()) {
      R part = refusal(with.apply(e.getValue()), (short) (int) e.getKey());
      refused = refused == null ? part : merge.apply(refused, part);
    }
    R allRefused = refused;
    if (yes.isEmpty() && !alwaysCall) {
      return CompletableFuture.completedFuture(allRefused);
    }
    return next.handle(with.apply(yes), ctx).thenApply(r -> merge.apply(r, allRefused));
  }

  static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
