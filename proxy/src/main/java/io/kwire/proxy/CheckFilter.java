package io.kwire.proxy;

import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterRegistry;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * {@code --check} as a filter: every request and response is re-encoded as it was decoded and
 * compared with the bytes that came; a difference is counted and said on the events sink, and the
 * re-encoded bytes are what go on (unless a later filter changes the message). It must see the
 * messages before any other filter: {@link #requests} is the first of the chain, {@link #responses}
 * the last (responses run the chain backwards).
 */
final class CheckFilter {
  private CheckFilter() {}

  /** The request side, first of the chain: the client's request as it came. */
  static Filter requests(Counters counters, Consumer<String> events) {
    return registry -> registry.onAnyRequest((request, context) -> {
      WireContext wire = (WireContext) context;
      DecodedRequest<Object> decoded = wire.decodedRequest();
      byte[] out = reencode(counters, events, wire, "request", decoded.codec(), context.apiVersion(),
          () -> Frames.encodeRequest(decoded.header(), decoded.codec(), request), wire.requestFrame());
      if (out != null) {
        wire.encoded(request, out);
      }
      return RequestResult.forward(request);
    });
  }

  /** The response side, last of the chain (so first to see a response): the broker's response as it came. */
  static Filter responses(Counters counters, Consumer<String> events) {
    return (FilterRegistry registry) -> registry.onAnyResponse((response, context) -> {
      WireContext wire = (WireContext) context;
      DecodedResponse<Object> decoded = wire.decodedResponse();
      byte[] out = reencode(counters, events, wire, "response", wire.responseCodec(), wire.responseVersion(),
          () -> Frames.encodeResponse(decoded.header(), wire.responseCodec(), wire.responseVersion(), response),
          wire.responseFrame());
      if (out != null) {
        wire.encoded(response, out);
      }
      return CompletableFuture.completedStage(response);
    });
  }

  private static byte[] reencode(Counters counters, Consumer<String> events, WireContext wire, String direction,
      ApiMessageCodec<?> codec, short version, java.util.function.Supplier<byte[]> encode, byte[] original) {
    byte[] out;
    try {
      out = encode.get();
    } catch (RuntimeException e) { // a message kwire decoded but cannot write back: a difference, the original goes on
      counters.differences.increment();
      events.accept("kwire proxy: " + wire.connectionName() + ": check: " + direction + " "
          + codec.descriptor().name() + " v" + version + " correlation id " + wire.correlationId()
          + " does not re-encode (" + e.getMessage() + "), passed on as it came");
      return null;
    }
    compare(counters, events, wire.connectionName(), direction, codec, version, wire.correlationId(), original, out);
    return out;
  }

  /** Counts and says a difference between {@code original} and its re-encoding {@code out}. */
  static void compare(Counters counters, Consumer<String> events, String connection, String direction,
      ApiMessageCodec<?> codec, short version, int correlationId, byte[] original, byte[] out) {
    if (!Arrays.equals(original, out)) {
      counters.differences.increment();
      int at = Arrays.mismatch(original, out);
      events.accept("kwire proxy: " + connection + ": check: " + direction + " " + codec.descriptor().name() + " v"
          + version + " correlation id " + correlationId + " re-encodes differently (" + original.length
          + " bytes in, " + out.length + " out, first difference at byte " + at + ")");
    }
  }
}
