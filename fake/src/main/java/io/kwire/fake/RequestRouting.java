package io.kwire.fake;

import io.kwire.fake.cluster.ClusterThread;
import io.kwire.fake.handlers.FakeApi;
import io.kwire.fake.handlers.RequestContext;
import io.kwire.net.KwireServer;

/**
 * How a broker's server hands a request of one API to the cluster: through the interception
 * (controls, recording) to the handler on the cluster thread, a version Kafka 4.0 removed
 * translated first ({@link OldVersions}).
 */
final class RequestRouting {
  private RequestRouting() {}

  static <Q, R> void register(KwireServer.Builder server, FakeApi<Q, R> api, ClusterThread thread,
      ServedVersions served, Interception interception, int nodeId) {
    OldVersions oldVersions = served.oldVersions();
    server.handleAsync(api.requestCodec().messageType(), api.responseCodec().messageType(), served.of(api),
        (request, context) -> {
          String clientHost = "/" + context.connection().remoteAddress().getAddress().getHostAddress();
          String principal = context.connection().principal().type() + ":" + context.connection().principal().name();
          // The interception hands the request to this on the cluster thread already: the handler is
          // called here, not queued there a second time.
          return interception.handle(api, request, nodeId, context, thread, () -> {
            if (context.apiVersion() >= api.versions().lowest()) {
              return api.handler().handle(request, new RequestContext(nodeId, context.apiVersion(),
                  context.header().clientId(), clientHost, principal, context.connection()));
            }
            // a version Kafka 4.0 removed: the handler answers it translated (OldVersions)
            return oldVersions.answer(context.header(), request, (translated, version) -> {
              RequestContext fake = new RequestContext(nodeId, version, context.header().clientId(), clientHost,
                  principal, context.connection());
              Q upstream = api.requestCodec().messageType().cast(translated);
              return thread.call(() -> api.handler().handle(upstream, fake)).thenApply(r -> (Object) r);
            }).thenApply(api.responseCodec().messageType()::cast);
          });
        });
  }
}
