package io.kwire.fake;

import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.handlers.FakeApi;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * The installed hooks, and what runs a request through them (on the cluster thread). Installed and
 * removed from any thread: a request sees the hooks installed when it reached the cluster thread.
 */
final class Controls {
  private final CopyOnWriteArrayList<Installed<?>> hooks = new CopyOnWriteArrayList<>();

  <Q> ControlHandle install(Class<Q> type, int apiKey, boolean once, Control<Q> control) {
    Installed<Q> hook = new Installed<>(type, apiKey, once, control);
    hooks.add(hook);
    return hook;
  }

  /**
   * The request's answer: from the first hook that acts, else from {@code broker}. {@code dropper}
   * marks the request as one without a response, for a drop.
   */
  <Q, R> CompletionStage<R> dispatch(FakeApi<Q, R> api, Q request, ControlContext context, ClusterClock clock,
      Runnable dropper, Supplier<CompletionStage<R>> broker) {
    if (hooks.isEmpty()) {
      return broker.get();
    }
    return from(List.copyOf(hooks), 0, api, request, context, clock, dropper, broker);
  }

  private <Q, R> CompletionStage<R> from(List<Installed<?>> snapshot, int first, FakeApi<Q, R> api, Q request,
      ControlContext context, ClusterClock clock, Runnable dropper, Supplier<CompletionStage<R>> broker) {
    for (int i = first; i < snapshot.size(); i++) {
      ControlAction action = snapshot.get(i).apply(request, context);
      if (action instanceof ControlAction.Pass) {
        continue;
      }
      if (action instanceof ControlAction.Respond respond) {
        return CompletableFuture.completedFuture(answer(api, respond.response()));
      }
      if (action instanceof ControlAction.Fail fail) {
        return CompletableFuture.completedFuture(ErrorAnswers.of(api, request, context.apiVersion(), fail.errorCode()));
      }
      if (action instanceof ControlAction.Drop) {
        // No response and a failed stage: kwire-net closes the connection when this request's turn
        // comes, after the responses before it and without those after it, as a cut connection would.
        dropper.run();
        return CompletableFuture.failedFuture(new Dropped(context));
      }
      int next = i + 1;
      CompletableFuture<R> later = new CompletableFuture<>();
      Runnable goOn = () -> {
        try {
          from(snapshot, next, api, request, context, clock, dropper, broker).whenComplete((r, failure) -> {
            if (failure != null) {
              later.completeExceptionally(failure);
            } else {
              later.complete(r);
            }
          });
        } catch (RuntimeException e) {
          later.completeExceptionally(e);
        }
      };
      if (action instanceof ControlAction.Hold hold) {
        // released on any thread; the request goes on on the cluster thread
        hold.release().whenComplete((ignored, failure) -> clock.schedule(0, goOn));
      } else {
        clock.schedule(((ControlAction.Delay) action).delay().toMillis(), goOn);
      }
      return later;
    }
    return broker.get();
  }

  private static <R> R answer(FakeApi<?, R> api, Object response) {
    Class<R> type = api.responseCodec().messageType();
    if (!type.isInstance(response)) {
      throw new IllegalStateException("a control answered a " + api.requestCodec().messageType().getSimpleName()
          + " with a " + response.getClass().getName() + ", not a " + type.getSimpleName());
    }
    return type.cast(response);
  }

  /** What a dropped request's stage fails with (kwire-net logs it as it closes the connection). */
  static final class Dropped extends RuntimeException {
    private static final long serialVersionUID = 1;

    Dropped(ControlContext context) {
      super("dropped by a kwire-fake control: " + context.connectionId() + " closes at correlation id "
          + context.correlationId(), null, false, false);
    }
  }

  /** One installed hook. */
  private final class Installed<Q> implements ControlHandle {
    private final Class<Q> type;
    private final int apiKey;
    private final boolean once;
    private final Control<Q> control;
    private volatile int fired;
    private volatile boolean active = true;

    Installed(Class<Q> type, int apiKey, boolean once, Control<Q> control) {
      this.type = type;
      this.apiKey = apiKey;
      this.once = once;
      this.control = control;
    }

    /** Cluster thread only: so a once-hook acts exactly once. */
    ControlAction apply(Object request, ControlContext context) {
      if (!active || !type.isInstance(request) || (apiKey >= 0 && apiKey != context.apiKey())) {
        return ControlAction.pass();
      }
      ControlAction action = control.control(type.cast(request), context);
      if (action == null) {
        throw new IllegalStateException("a control returned null for a " + request.getClass().getSimpleName()
            + " (ControlAction.pass() lets it through)");
      }
      if (!(action instanceof ControlAction.Pass)) {
        fired++; // written on the cluster thread only
        if (once) {
          remove();
        }
      }
      return action;
    }

    @Override
    public int fired() {
      return fired;
    }

    @Override
    public boolean active() {
      return active;
    }

    @Override
    public void remove() {
      active = false;
      hooks.remove(this);
    }
  }
}
