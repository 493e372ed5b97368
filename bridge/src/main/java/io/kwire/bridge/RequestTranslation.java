package io.kwire.bridge;

import io.kwire.runtime.RequestHeader;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What to do with one client request: forward it unchanged ({@link PassThrough}), send a
 * translated request upstream and translate its response back ({@link Translated}), or answer the
 * client at once without the broker ({@link LocalResponse}).
 */
public sealed interface RequestTranslation {

  /** The client's header, as it arrived. */
  RequestHeader clientHeader();

  /** Whether the client waits for a response (false for a Produce with acks 0). */
  boolean expectsResponse();

  /** The broker accepts the request as it is: forward the original bytes. */
  record PassThrough(RequestHeader clientHeader, boolean expectsResponse) implements RequestTranslation {}

  /**
   * Send {@link #upstreamRequest()} with {@link #upstreamHeader()} (the client's correlation id and
   * client id, the upstream version); decode the broker's response at
   * {@code upstreamHeader().requestApiVersion()} and pass it to {@link #translateResponse}, whose
   * result is the response in the client's version.
   */
  final class Translated implements RequestTranslation {
    private final RequestHeader clientHeader;
    private final RequestHeader upstreamHeader;
    private final Object upstreamRequest;
    private final boolean expectsResponse;
    private final List<String> notes;
    private final Function<Object, ResponseTranslation> back;

    Translated(RequestHeader clientHeader, short upstreamVersion, Object upstreamRequest, boolean expectsResponse,
        List<String> notes, Function<Object, ResponseTranslation> back) {
      this.clientHeader = clientHeader;
      this.upstreamHeader = new RequestHeader(clientHeader.requestApiKey(), upstreamVersion,
          clientHeader.correlationId(), clientHeader.clientId(), clientHeader.unknownTaggedFields());
      this.upstreamRequest = Objects.requireNonNull(upstreamRequest, "upstreamRequest");
      this.expectsResponse = expectsResponse;
      this.notes = List.copyOf(notes);
      this.back = back;
    }

    @Override
    public RequestHeader clientHeader() {
      return clientHeader;
    }

    public RequestHeader upstreamHeader() {
      return upstreamHeader;
    }

    /** The request body to encode at the upstream version. */
    public Object upstreamRequest() {
      return upstreamRequest;
    }

    @Override
    public boolean expectsResponse() {
      return expectsResponse;
    }

    /** What the translation of the request changed or could not carry, for the log; empty when nothing. */
    public List<String> notes() {
      return notes;
    }

    /** The broker's response (decoded at the upstream version) in the client's version. */
    public ResponseTranslation translateResponse(Object upstreamResponse) {
      return back.apply(Objects.requireNonNull(upstreamResponse, "upstreamResponse"));
    }

    @Override
    public String toString() {
      return "Translated[api " + clientHeader.requestApiKey() + " v" + clientHeader.requestApiVersion() + " -> v"
          + upstreamHeader.requestApiVersion() + ", notes=" + notes + "]";
    }
  }

  /**
   * Answer the client with {@link #response()}, encoded at {@link #responseVersion()} (the client's
   * version, except for the ApiVersions fallback, which is version 0), without asking the broker.
   * {@link #reason()} says why, for the log.
   */
  record LocalResponse(RequestHeader clientHeader, short responseVersion, Object response, boolean expectsResponse,
      String reason) implements RequestTranslation {}
}
