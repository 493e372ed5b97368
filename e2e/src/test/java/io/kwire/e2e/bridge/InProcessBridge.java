package io.kwire.e2e.bridge;

import io.kwire.bridge.BridgeTranslator;
import io.kwire.bridge.RequestTranslation;
import io.kwire.bridge.ResponseTranslation;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the bridge proxy will do with one request, without the network in between: translate it,
 * send it to the broker over {@link BrokerSocket}, translate the answer back, and hand the client
 * that answer as it would read it (encoded at its version and decoded again).
 */
final class InProcessBridge {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  private final BridgeTranslator translator;
  private final BrokerSocket broker;
  final List<String> notes = new ArrayList<>();
  private int correlationId = 1000;

  InProcessBridge(BridgeTranslator translator, BrokerSocket broker) {
    this.translator = translator;
    this.broker = broker;
  }

  /** The response the old client gets for its request at {@code version}. */
  Object call(short apiKey, short version, Object request) throws IOException {
    RequestHeader header = new RequestHeader(apiKey, version, ++correlationId, "old-client");
    RequestTranslation t = translator.translateRequest(header, request);
    Object response;
    if (t instanceof RequestTranslation.PassThrough) {
      broker.send(header, request);
      response = broker.receive(apiKey, version);
    } else if (t instanceof RequestTranslation.Translated tr) {
      notes.addAll(tr.notes());
      broker.send(tr.upstreamHeader(), tr.upstreamRequest());
      Object upstream = broker.receive(apiKey, tr.upstreamHeader().requestApiVersion());
      if (upstream == null) {
        throw new IOException("the broker closed the connection on " + tr);
      }
      ResponseTranslation back = tr.translateResponse(upstream);
      notes.addAll(back.notes());
      response = back.response();
    } else {
      RequestTranslation.LocalResponse local = (RequestTranslation.LocalResponse) t;
      notes.add(local.reason());
      response = local.response();
    }
    return asClientReadsIt(apiKey, version, response);
  }

  @SuppressWarnings("unchecked")
  private static Object asClientReadsIt(short apiKey, short version, Object response) {
    ApiMessageCodec<Object> codec = (ApiMessageCodec<Object>) REGISTRY.response(apiKey);
    return codec.decode(codec.encode(response, version), version);
  }
}
