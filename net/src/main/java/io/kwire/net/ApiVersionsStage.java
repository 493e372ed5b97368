package io.kwire.net;

import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireReader;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.List;

/**
 * Answers ApiVersions (key 18) from the server's handlers, as Kafka's broker does: at the request's
 * version when it has it (INVALID_REQUEST for a v3+ software name breaking KIP-511's pattern); for a
 * version it lacks, at version 0 with UNSUPPORTED_VERSION and only ApiVersions' own range, so that
 * the client asks again. The response header is version 0 either way. Before authentication too.
 * When the server has a handler for ApiVersions, a valid request at a version both it and the
 * server answer goes to that handler instead (before authentication too); the negotiation (the
 * fallback for versions the server lacks, INVALID_REQUEST for a bad software name) stays here.
 */
@ChannelHandler.Sharable
final class ApiVersionsStage extends SimpleChannelInboundHandler<InboundRequest> {
  private final ServerSettings settings;
  private final List<BrokerRange> fallback;

  public ApiVersionsStage(ServerSettings settings) {
    super(false);
    this.settings = settings;
    this.fallback = List.of(new BrokerRange(ApiVersionsWire.API_KEY, settings.apiVersionsVersions().lowest(),
        settings.apiVersionsVersions().highest()));
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, InboundRequest in) {
    RawRequestFrame raw = in.raw();
    if (raw.apiKey() != ApiVersionsWire.API_KEY) {
      ctx.fireChannelRead(in);
      return;
    }
    short version = raw.apiVersion();
    try {
      WireReader body = RequestHeaders.afterHeader(in.frame(), ApiVersionsWire.requestHeaderVersion(version),
          settings.options());
      if (!settings.apiVersionsVersions().contains(version)) {
        in.slot().respond(ApiVersionsWire.encodeResponse(raw.correlationId(), (short) 0,
            ApiVersionsWire.UNSUPPORTED_VERSION, fallback));
        return;
      }
      ApiVersionsWire.Request request = ApiVersionsWire.readRequestBody(body, version);
      body.requireFullyConsumed();
      boolean valid = request.valid(version);
      Route<?, ?> handler = settings.route(ApiVersionsWire.API_KEY);
      if (valid && handler != null && handler.versions().contains(version)) {
        handler.dispatch(in, ServerConnection.of(ctx.channel()), settings);
        return;
      }
      in.slot().respond(ApiVersionsWire.encodeResponse(raw.correlationId(), version,
          valid ? 0 : ApiVersionsWire.INVALID_REQUEST, valid ? settings.apiVersions() : List.of()));
    } catch (KwireProtocolException e) {
      in.slot().close("ApiVersions v" + version + " request does not decode: " + e.getMessage());
    }
  }
}
