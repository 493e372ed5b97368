package io.kwire.fake;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;

/**
 * Installs a hook on one kind of request ({@link FakeCluster#control(Class)}, {@link
 * FakeCluster#control(int)}, {@link FakeCluster#controlAll()}). Hooks are consulted in the order
 * they were installed; the first that acts decides (a delay then hands the request on to the hooks
 * after it). A hook stays until removed, or, after {@link #once()}, until it first acts.
 *
 * <pre>{@code
 * kafka.control(ProduceRequest.class).once().fail(Errors.NOT_LEADER_OR_FOLLOWER.code()); // Kafka's Errors, or the number
 * try (ControlHandle slow = kafka.control(FetchRequest.class).delay(Duration.ofMillis(300))) { ... }
 * }</pre>
 *
 * @param <Q> the request record the hook sees
 */
public final class ControlBuilder<Q> {
  private final Controls controls;
  private final Class<Q> type;
  private final int apiKey;
  private boolean once;
  private int broker = -1;

  ControlBuilder(Controls controls, Class<Q> type, int apiKey) {
    this.controls = controls;
    this.type = type;
    this.apiKey = apiKey;
  }

  /** The hook is removed once it has acted on one request (requests it passes do not count). */
  public ControlBuilder<Q> once() {
    once = true;
    return this;
  }

  /** The hook sees only the requests sent to broker {@code nodeId} (latency or failures of one broker). */
  public ControlBuilder<Q> onBroker(int nodeId) {
    broker = nodeId;
    return this;
  }

  /** Installs {@code control}, which decides per request. */
  public ControlHandle run(Control<Q> control) {
    Objects.requireNonNull(control, "control");
    int only = broker;
    Control<Q> scoped = only < 0 ? control
        : (request, context) -> context.brokerId() == only ? control.control(request, context) : ControlAction.pass();
    return controls.install(type, apiKey, once, scoped);
  }

  /**
   * Holds each request until the test releases it ({@link HeldRequests}); with {@link #once()}, only
   * the first.
   */
  public HeldRequests hold() {
    HeldRequests held = new HeldRequests();
    held.installed(run((request, context) -> held.hold()));
    return held;
  }

  /**
   * Answers each request with its API's error response carrying {@code errorCode}, per partition,
   * topic, resource or group as Kafka shapes it, for any API and version ({@link ControlAction#fail}).
   */
  public ControlHandle fail(short errorCode) {
    return run((request, context) -> ControlAction.fail(errorCode));
  }

  /** Holds each request for {@code delay}, then lets it through. */
  public ControlHandle delay(Duration delay) {
    ControlAction action = ControlAction.delay(delay);
    return run((request, context) -> action);
  }

  /** Closes the connection of each request instead of answering it. */
  public ControlHandle drop() {
    return run((request, context) -> ControlAction.drop());
  }

  /** Answers a request with the response {@code answer} gives, or lets it through when that is empty. */
  public ControlHandle answer(BiFunction<? super Q, ControlContext, ? extends Optional<?>> answer) {
    Objects.requireNonNull(answer, "answer");
    return run((request, context) -> answer.apply(request, context)
        .<ControlAction>map(ControlAction::respond).orElse(ControlAction.pass()));
  }

  /** Sees every request and lets it through (never counts as acting, so {@link #once()} does not remove it). */
  public ControlHandle observe(BiConsumer<? super Q, ControlContext> observer) {
    Objects.requireNonNull(observer, "observer");
    return run((request, context) -> {
      observer.accept(request, context);
      return ControlAction.pass();
    });
  }
}
