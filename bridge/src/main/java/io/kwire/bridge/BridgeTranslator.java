package io.kwire.bridge;

import io.kwire.messages.AlterReplicaLogDirsRequestCodec;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.CreateAclsRequestCodec;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.DeleteAclsRequestCodec;
import io.kwire.messages.DeleteTopicsRequestCodec;
import io.kwire.messages.DescribeAclsRequestCodec;
import io.kwire.messages.DescribeLogDirsRequestCodec;
import io.kwire.messages.OffsetFetchRequestCodec;
import io.kwire.messages.OffsetForLeaderEpochRequestCodec;
import io.kwire.messages.ProduceRequest;
import io.kwire.runtime.RequestHeader;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * Decides, for each request of a client, whether the broker can take it as it is, and translates
 * the requests of versions the broker no longer accepts (Kafka 4.x, KIP-896) to the lowest version
 * it accepts, with the same meaning; their responses come back through
 * {@link RequestTranslation.Translated#translateResponse}. No I/O: the caller decodes and encodes.
 *
 * <pre>{@code
 * BridgeTranslator bridge = new BridgeTranslator(brokerApiVersions);   // the broker's ApiVersions answer
 * switch (bridge.translateRequest(header, body)) {
 *   case RequestTranslation.PassThrough p -> forward the original frame
 *   case RequestTranslation.Translated t -> send t.upstreamRequest() under t.upstreamHeader(), then
 *                                           answer t.translateResponse(decodedResponse).response()
 *   case RequestTranslation.LocalResponse l -> answer l.response() at l.responseVersion()
 * }
 * }</pre>
 */
public final class BridgeTranslator {
  private final BrokerVersions broker;
  private final Map<Short, ApiTranslation> translations;
  private final ApiVersionsTranslation apiVersions;

  /** A bridge in front of a broker whose ApiVersions response is {@code brokerApiVersions}. */
  public BridgeTranslator(ApiVersionsResponse brokerApiVersions) {
    this(brokerApiVersions, System::currentTimeMillis);
  }

  /**
   * As above, with the clock that stamps the records of magic 0 message sets (which have no
   * timestamps) when they are produced; see docs/bridge.md.
   */
  public BridgeTranslator(ApiVersionsResponse brokerApiVersions, LongSupplier clock) {
    this.broker = new BrokerVersions(brokerApiVersions);
    Map<Short, ApiTranslation> map = new TreeMap<>();
    for (ApiTranslation t : all(clock)) {
      map.put(t.apiKey(), t);
    }
    this.translations = Collections.unmodifiableMap(map);
    this.apiVersions = new ApiVersionsTranslation(broker, translations);
  }

  private static List<ApiTranslation> all(LongSupplier clock) {
    return List.of(
        new ProduceTranslation(clock),
        new FetchTranslation(),
        new ListOffsetsTranslation(),
        new OffsetCommitTranslation(),
        new DescribeConfigsTranslation(),
        new SameShapeTranslation(OffsetFetchRequestCodec.API_KEY, 0, "OffsetFetch v0 and v1 have the same fields (v0 read ZooKeeper on old"
            + " brokers, v1 the offsets topic; a 4.x broker has only the latter)"),
        new SameShapeTranslation(CreateTopicsRequestCodec.API_KEY, 1, "CreateTopics v2 adds only throttleTimeMs to the response"),
        new SameShapeTranslation(DeleteTopicsRequestCodec.API_KEY, 0, "DeleteTopics v1 adds only throttleTimeMs to the response"),
        new SameShapeTranslation(OffsetForLeaderEpochRequestCodec.API_KEY, 1, "OffsetForLeaderEpoch v2 adds currentLeaderEpoch (-1: not checked)"
            + " and throttleTimeMs; v1's leaderEpoch is in v2"),
        new SameShapeTranslation(DescribeAclsRequestCodec.API_KEY, 0, "DescribeAcls v1 adds the pattern type filter; LITERAL (3) is what v0 matched"),
        new SameShapeTranslation(CreateAclsRequestCodec.API_KEY, 0, "CreateAcls v1 adds the pattern type; LITERAL (3) is what v0 created"),
        new SameShapeTranslation(DeleteAclsRequestCodec.API_KEY, 0, "DeleteAcls v1 adds the pattern type filter; LITERAL (3) is what v0 matched"),
        new SameShapeTranslation(AlterReplicaLogDirsRequestCodec.API_KEY, 0, "AlterReplicaLogDirs v1 has the same fields (throttling after the response)"),
        new SameShapeTranslation(DescribeLogDirsRequestCodec.API_KEY, 0, "DescribeLogDirs v1 has the same fields (throttling after the response)"),
        new SameShapeTranslation(38, 0, "CreateDelegationToken v1 has the same fields (throttling after the response)"),
        new SameShapeTranslation(39, 0, "RenewDelegationToken v1 has the same fields (throttling after the response)"),
        new SameShapeTranslation(40, 0, "ExpireDelegationToken v1 has the same fields (throttling after the response)"),
        new SameShapeTranslation(41, 0, "DescribeDelegationToken v1 has the same fields (throttling after the"
            + " response)"));
  }

  public BrokerVersions brokerVersions() {
    return broker;
  }

  /** Whether the bridge translates {@code version} of {@code apiKey} (the broker refuses it, the bridge does not). */
  public boolean translates(short apiKey, short version) {
    ApiTranslation t = translations.get(apiKey);
    return t != null && !broker.supports(apiKey, version) && version <= t.lastTranslatedVersion() && reaches(t, broker);
  }

  /** The lowest version the bridge offers a client for {@code apiKey}; -1 when the broker knows no version of it. */
  public short clientMinVersion(short apiKey) {
    ApiTranslation t = translations.get(apiKey);
    if (!broker.knows(apiKey)) {
      return -1;
    }
    return t != null && reaches(t, broker) ? 0 : broker.min(apiKey);
  }

  /**
   * The broker's ApiVersions response as a client is to see it: every API whose removed versions
   * the bridge translates is offered from version 0; an error response (the broker's own fallback)
   * is left as it is.
   */
  public ApiVersionsResponse clientApiVersions(ApiVersionsResponse upstream) {
    return apiVersions.widen(upstream);
  }

  /**
   * What to do with one request. {@code request} is the decoded body; it may be null only for an
   * ApiVersions request of a version kwire cannot decode, which gets the version 0 fallback.
   */
  public RequestTranslation translateRequest(RequestHeader header, Object request) {
    short key = header.requestApiKey();
    short version = header.requestApiVersion();
    if (key == ApiVersionsRequestCodec.API_KEY) {
      return apiVersions.translate(header, request);
    }
    boolean expectsResponse = !(request instanceof ProduceRequest p && p.acks() == 0);
    ApiTranslation t = translations.get(key);
    if (t == null || broker.supports(key, version) || version > t.lastTranslatedVersion() || !reaches(t, broker)) {
      return new RequestTranslation.PassThrough(header, expectsResponse);
    }
    Objects.requireNonNull(request, "request body (null only for an ApiVersions request kwire cannot decode)");
    return t.translate(header, request, broker.min(key));
  }

  /**
   * Whether the broker's lowest version of the API follows the translated ones directly and is one
   * the translation is faithful at, so that client versions 0 to the broker's maximum are all served.
   */
  static boolean reaches(ApiTranslation t, BrokerVersions broker) {
    short min = broker.min(t.apiKey());
    return min > 0 && min <= t.lastTranslatedVersion() + 1 && min <= t.maxUpstreamVersion();
  }
}
