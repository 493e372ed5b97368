package io.kwire.capture;

import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.SaslHandshakeRequest;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One TCP connection: both directions reassembled and cut into frames, who is client and who is
 * broker, requests waiting for their responses (by correlation id), and the exchanges it completes.
 * The client is known from the broker ports given, else from the SYN, else from which direction's
 * first frame decodes as a request; a connection whose bytes are not Kafka's is left alone after that.
 */
final class Connection implements FrameAssembler.Boundary {
  private static final short API_VERSIONS = 18;
  private static final short SASL_HANDSHAKE = 17;

  private final CaptureContext context;
  private final Budget.Account account;
  private final Side first;
  private final Side second;
  private final LinkedHashMap<Integer, Pending> pending = new LinkedHashMap<>();
  private Side client;
  private ClientSoftware software;
  private boolean ignored;
  private boolean kafka;
  private boolean reset;
  private boolean saslTokens;
  private long lastSeenNanos;
  private Packet lastPacket;

  private record Pending(RequestHeader header, ApiMessageCodec<?> codec, short apiKey, short version,
      int correlationId, Object body, byte[] frame, int size, long timeNanos, List<String> errors, long cost) {}

  /** One direction: from {@code source}. */
  private final class Side implements StreamSink {
    final Endpoint source;
    final TcpDirection tcp;
    final FrameAssembler frames;
    boolean seenData;

    Side(Endpoint source, Endpoint destination) {
      this.source = source;
      String name = source + " -> " + destination;
      this.frames = new FrameAssembler(Connection.this, account, context.limits, context.issues, name, true);
      this.tcp = new TcpDirection(this, account, context.limits, context.issues, name);
    }

    @Override
    public void data(byte[] bytes, int offset, int length, long timeNanos, Packet packet) {
      if (ignored) {
        return;
      }
      if (!seenData) {
        seenData = true;
        if (tcp.midstream()) {
          frames.startsMidstream();
        } else if (looksLikeTls(bytes, offset, length)) {
          if (context.byPort() || kafkaPort(source) || kafkaPort(other(this).source)) {
            context.issues.report(new CaptureIssue(CaptureIssue.Kind.TLS, "the connection carries TLS, which kwire "
                + "cannot read: skipped", packet.fileOffset(), packet.number(), name()));
          }
          ignore();
          return;
        }
      }
      frames.data(bytes, offset, length, timeNanos, packet);
    }

    @Override
    public void gap(long missing, Packet packet) {
      if (!ignored) {
        frames.gap(missing, packet);
      }
    }
  }

  Connection(CaptureContext context, TcpSegment firstSegment) {
    this.context = context;
    this.account = context.budget.account();
    this.first = new Side(firstSegment.source(), firstSegment.destination());
    this.second = new Side(firstSegment.destination(), firstSegment.source());
    if (context.byPort()) {
      boolean destinationIsBroker = context.brokerPorts.contains(firstSegment.destination().port());
      client = destinationIsBroker ? first : second;
    }
  }

  long lastSeenNanos() {
    return lastSeenNanos;
  }

  boolean closed() {
    return reset || (first.tcp.finished() && second.tcp.finished());
  }

  void accept(TcpSegment segment) {
    lastSeenNanos = segment.packet().timeNanos();
    lastPacket = segment.packet();
    if (ignored) {
      return;
    }
    Side from = segment.source().equals(first.source) ? first : second;
    if (segment.has(TcpSegment.SYN) && client == null) {
      client = segment.has(TcpSegment.ACK) ? other(from) : from;
    }
    if (segment.has(TcpSegment.RST)) {
      reset = true;
    }
    if (segment.has(TcpSegment.ACK)) {
      other(from).tcp.acknowledged(segment.acknowledgement(), segment.packet());
    }
    from.tcp.accept(segment);
  }

  private Side other(Side side) {
    return side == first ? second : first;
  }

  private Side sideOf(FrameAssembler frames) {
    return frames == first.frames ? first : second;
  }

  private String name() {
    Side c = client == null ? first : client;
    return c.source + (client == null ? " <-> " : " -> ") + other(c).source;
  }

  // ---- where frames start

  @Override
  public FrameAssembler.Verdict test(FrameAssembler from, byte[] bytes, int at, int available) {
    Side side = sideOf(from);
    if (client == other(side)) {
      return responseVerdict(bytes, at, available);
    }
    FrameAssembler.Verdict request = requestVerdict(bytes, at, available);
    if (client == null && request == FrameAssembler.Verdict.NO) {
      return responseVerdict(bytes, at, available);
    }
    return request;
  }

  private FrameAssembler.Verdict requestVerdict(byte[] bytes, int at, int available) {
    if (available < 8) {
      return FrameAssembler.Verdict.MORE;
    }
    int size = Bytes.i32(bytes, at);
    if (size < 10 || size > context.limits.maxFrameBytes()) {
      return FrameAssembler.Verdict.NO;
    }
    short apiKey = (short) Bytes.u16(bytes, at + 4);
    short version = (short) Bytes.u16(bytes, at + 6);
    ApiMessageCodec<?> codec = context.registry.findRequest(apiKey).orElse(null);
    if (codec == null || !codec.descriptor().validVersions().contains(version)) {
      return FrameAssembler.Verdict.NO;
    }
    if (available >= 14) {
      int clientIdLength = (short) Bytes.u16(bytes, at + 12);
      if (clientIdLength < -1 || clientIdLength > size - 10) {
        return FrameAssembler.Verdict.NO;
      }
    }
    if (available < 4 + size) {
      return FrameAssembler.Verdict.MORE;
    }
    try {
      Frames.decodeRequest(java.util.Arrays.copyOfRange(bytes, at, at + 4 + size), codec);
      return FrameAssembler.Verdict.FRAME;
    } catch (RuntimeException e) {
      return FrameAssembler.Verdict.NO;
    }
  }

  private FrameAssembler.Verdict responseVerdict(byte[] bytes, int at, int available) {
    if (available < 8) {
      return FrameAssembler.Verdict.MORE;
    }
    int size = Bytes.i32(bytes, at);
    Pending request = pending.get(Bytes.i32(bytes, at + 4));
    if (size < 4 || size > context.limits.maxFrameBytes() || request == null || request.codec() == null) {
      return FrameAssembler.Verdict.NO;
    }
    if (available < 4 + size) {
      return FrameAssembler.Verdict.MORE;
    }
    byte[] frame = java.util.Arrays.copyOfRange(bytes, at, at + 4 + size);
    return decodeResponse(request, frame, new ArrayList<>()) != null ? FrameAssembler.Verdict.FRAME
        : FrameAssembler.Verdict.NO;
  }

  @Override
  public void resynchronised(FrameAssembler from, long skipped, String why, Packet packet) {
    boolean midstream = why != null && why.startsWith("the capture starts");
    context.issues.report(new CaptureIssue(midstream ? CaptureIssue.Kind.MIDSTREAM : CaptureIssue.Kind.LOSS,
        "decoding " + (midstream ? "starts" : "resumes") + " at the first frame shown to be Kafka's, after " + skipped
            + " byte(s) (" + why + ")", packet.fileOffset(), packet.number(), from.name()));
  }

  @Override
  public void frame(FrameAssembler from, byte[] frame, long timeNanos, Packet packet) {
    Side side = sideOf(from);
    if (client == null) {
      if (requestVerdict(frame, 0, frame.length) == FrameAssembler.Verdict.FRAME) {
        client = side;
      } else {
        notKafka(packet, "its first frame is no request kwire knows");
        return;
      }
    }
    if (side == client) {
      request(frame, timeNanos, packet);
    } else {
      response(frame, timeNanos, packet);
    }
  }

  @Override
  public boolean carriesKafka() {
    return kafka;
  }

  @Override
  public void notKafka(String why, Packet packet) {
    notKafka(packet, why);
  }

  private void notKafka(Packet packet, String why) {
    if (context.byPort()) {
      context.issues.report(new CaptureIssue(CaptureIssue.Kind.NOT_KAFKA, "not a Kafka connection (" + why
          + "): skipped", packet.fileOffset(), packet.number(), name()));
    }
    ignore();
  }

  private void ignore() {
    ignored = true;
    release();
  }

  // ---- requests and responses

  private void request(byte[] frame, long timeNanos, Packet packet) {
    RawRequestFrame peek;
    try {
      peek = Frames.peekRequest(frame);
    } catch (RuntimeException e) {
      problem(packet, saslTokens ? null : "request frame of " + frame.length + " bytes: " + e.getMessage());
      return;
    }
    ApiMessageCodec<?> codec = context.registry.findRequest(peek.apiKey()).orElse(null);
    List<String> errors = new ArrayList<>();
    DecodedRequest<?> decoded = null;
    try {
      decoded = Frames.decodeRequest(frame, context.registry);
    } catch (RuntimeException e) {
      if (saslTokens) {
        return; // a raw SASL token after a SaslHandshake v0: never shown, not even in part
      }
      errors.add("request: " + e.getMessage());
      context.issues.report(new CaptureIssue(CaptureIssue.Kind.DECODE, (codec == null ? "api key " + peek.apiKey()
          : codec.descriptor().name()) + " v" + peek.apiVersion() + " did not decode: " + e.getMessage(),
          packet.fileOffset(), packet.number(), name()));
    }
    if (decoded != null) {
      kafka = true;
    }
    Object body = decoded == null ? null : decoded.body();
    RequestHeader header = decoded == null ? null : decoded.header();
    if (peek.apiKey() == API_VERSIONS && body instanceof ApiVersionsRequest versions && peek.apiVersion() >= 3
        && versions.clientSoftwareName() != null && !versions.clientSoftwareName().isEmpty()) {
      software = new ClientSoftware(versions.clientSoftwareName(), versions.clientSoftwareVersion());
    }
    saslTokens = peek.apiKey() == SASL_HANDSHAKE && peek.apiVersion() == 0 && body instanceof SaslHandshakeRequest;
    if (body instanceof ProduceRequest produce && produce.acks() == 0) {
      emit(new Pending(header, codec, peek.apiKey(), peek.apiVersion(), peek.correlationId(), body, frame,
          frame.length, timeNanos, errors, 0), null, null, -1, List.of("acks=0: the broker sends no response"));
      return;
    }
    long cost = 2L * frame.length + Budget.PIECE_OVERHEAD; // the frame and, about as large, its decoded body
    boolean kept = account.reserve(cost);
    if (!kept) {
      context.issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "no room to hold a request of " + frame.length
          + " bytes until its response: its body is left out of the exchange", packet.fileOffset(), packet.number(),
          name()));
    }
    Pending request = new Pending(header, codec, peek.apiKey(), peek.apiVersion(), peek.correlationId(),
        kept ? body : null, kept ? frame : null, frame.length, timeNanos, errors, kept ? cost : 0);
    Pending replaced = pending.put(peek.correlationId(), request);
    if (replaced != null) {
      unanswered(replaced, "a later request reused its correlation id");
    }
    if (pending.size() > context.limits.maxInFlightRequests()) {
      Iterator<Pending> oldest = pending.values().iterator();
      Pending dropped = oldest.next();
      oldest.remove();
      context.issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "more than "
          + context.limits.maxInFlightRequests() + " requests wait for a response: the oldest is given up",
          packet.fileOffset(), packet.number(), name()));
      unanswered(dropped, "too many requests waited for a response");
    }
  }

  private void response(byte[] frame, long timeNanos, Packet packet) {
    if (frame.length < 8) {
      problem(packet, saslTokens ? null : "response frame of " + frame.length + " bytes has no correlation id");
      return;
    }
    int correlationId = Bytes.i32(frame, 4);
    Pending request = pending.remove(correlationId);
    if (request == null) {
      if (!saslTokens) {
        context.issues.report(new CaptureIssue(CaptureIssue.Kind.UNMATCHED_RESPONSE, "response of " + frame.length
            + " bytes to correlation id " + correlationId + ", whose request was not captured",
            packet.fileOffset(), packet.number(), name()));
      }
      return;
    }
    account.release(request.cost());
    kafka = true;
    List<String> errors = new ArrayList<>(request.errors());
    Decoded response = request.codec() == null ? null : decodeResponse(request, frame, errors);
    if (response == null && request.codec() != null) {
      context.issues.report(new CaptureIssue(CaptureIssue.Kind.DECODE, request.codec().descriptor().name()
          .replaceFirst("Request$", "Response") + " v" + request.version() + " did not decode: "
          + errors.get(errors.size() - 1), packet.fileOffset(), packet.number(), name()));
    }
    if (request.codec() == null) {
      errors.add("response: no codec for api key " + request.apiKey());
    }
    Pending withErrors = new Pending(request.header(), request.codec(), request.apiKey(), request.version(),
        request.correlationId(), request.body(), request.frame(), request.size(), request.timeNanos(), errors, 0);
    emit(withErrors, response, frame, timeNanos, List.of());
  }

  private record Decoded(ApiMessageCodec<?> codec, short version, DecodedResponse<?> response) {}

  /** The response read at the request's version (ApiVersions: or at v0, which a broker answers an unknown version with). */
  private Decoded decodeResponse(Pending request, byte[] frame, List<String> errors) {
    ApiMessageCodec<?> codec = context.registry.findResponse(request.apiKey()).orElse(null);
    if (codec == null) {
      errors.add("response: no codec for api key " + request.apiKey());
      return null;
    }
    try {
      return new Decoded(codec, request.version(), Frames.decodeResponse(frame, codec, request.version()));
    } catch (RuntimeException e) {
      if (request.apiKey() == API_VERSIONS && request.version() > 0) {
        try {
          return new Decoded(codec, (short) 0, Frames.decodeResponse(frame, codec, (short) 0));
        } catch (RuntimeException ignored) {
          // the first error is the one to report
        }
      }
      errors.add("response: " + e.getMessage());
      return null;
    }
  }

  private void emit(Pending request, Decoded response, byte[] responseFrame, long responseNanos, List<String> notes) {
    Conversation conversation = new Conversation(client.source, other(client).source, software,
        client.tcp.midstream() || other(client).tcp.midstream(), client.tcp.lossy() || other(client).tcp.lossy());
    context.ready.add(new Exchange(conversation, request.apiKey(), request.version(), request.correlationId(),
        request.codec(), request.header(), request.body(), request.frame(), request.size(),
        instant(request.timeNanos()), response == null ? null : response.codec(),
        response == null ? request.version() : response.version(),
        response == null ? null : response.response().header(), response == null ? null : response.response().body(),
        responseFrame, responseFrame == null ? -1 : responseFrame.length,
        responseFrame == null ? null : instant(responseNanos), request.errors(), notes));
  }

  private void unanswered(Pending request, String why) {
    account.release(request.cost());
    emit(request, null, null, -1, List.of("no response captured: " + why));
  }

  private void problem(Packet packet, String message) {
    if (message != null) {
      context.issues.report(new CaptureIssue(CaptureIssue.Kind.DECODE, message, packet.fileOffset(), packet.number(),
          name()));
    }
  }

  private static Instant instant(long nanos) {
    return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
  }

  /** The connection ends (closed, evicted, or the capture ends): holes are loss, waiting requests unanswered. */
  void finish(String why) {
    if (!ignored && lastPacket != null) {
      first.tcp.flush(lastPacket);
      second.tcp.flush(lastPacket);
    }
    if (!pending.isEmpty() && !ignored) {
      if (kafka) {
        context.issues.report(new CaptureIssue(CaptureIssue.Kind.UNANSWERED, pending.size()
            + " request(s) without a captured response (" + why + ")", -1, 0, name()));
      }
      for (Map.Entry<Integer, Pending> entry : pending.entrySet()) {
        unanswered(entry.getValue(), why);
      }
      pending.clear();
    }
    release();
  }

  private void release() {
    first.tcp.discard();
    second.tcp.discard();
    first.frames.discard();
    second.frames.discard();
    pending.clear();
    account.releaseAll();
  }

  private static boolean looksLikeTls(byte[] bytes, int offset, int length) {
    // a TLS record: handshake (22), version 3.x
    return length >= 3 && bytes[offset] == 0x16 && bytes[offset + 1] == 0x03 && (bytes[offset + 2] & 0xFF) <= 0x04;
  }

  /** The ports Kafka listens on by convention, where a TLS connection is worth a word without {@code --port}. */
  private static boolean kafkaPort(Endpoint endpoint) {
    return endpoint.port() >= 9091 && endpoint.port() <= 9094;
  }
}
