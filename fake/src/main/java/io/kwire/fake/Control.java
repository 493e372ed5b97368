package io.kwire.fake;

/**
 * A test's hook on requests of type {@code Q}: it sees each one before the broker does and says
 * what happens to it ({@link ControlAction}). Run on the cluster thread, one request at a time: it
 * may keep state without locks, and must not block (a delay is {@link ControlAction#delay}, not a
 * sleep). Installed with {@link FakeCluster#control(Class)}.
 *
 * @param <Q> the request record ({@code ProduceRequest}), or {@code Object} for every request
 */
@FunctionalInterface
public interface Control<Q> {
  ControlAction control(Q request, ControlContext context);
}
