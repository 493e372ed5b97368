package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.annotations.MessageType;
import io.kwire.json.KwireJson;
import io.kwire.proxy.AdvertisedAddresses.Address;
import io.kwire.proxy.BrokerEndpoints.Site;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Issue 21: every response field that carries a broker's address is rewritten, for every response
 * API and version kwire has. The places come from the descriptors ({@link BrokerEndpoints}); a
 * response is built from its descriptor with every field of the version present and two elements in
 * every array, the rewriter runs, and each host and port must then be the address mapped for its
 * node id. A new KIP's host field that the model does not see fails the guard below.
 */
class ResponseRewriterCompletenessTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();
  private static final String UPSTREAM_HOST = "upstream.example";
  private static final int UPSTREAM_PORT = 9092;
  /** Per node id its own address, so a host written for the wrong node would show. */
  private static final AdvertisedAddresses PER_NODE = id -> new Address("proxy-" + id, 30000 + id);

  /**
   * Host fields in responses that are not a broker's, each with why: the guard fails on any other
   * host field the model does not cover.
   */
  private static final Map<String, String> NOT_BROKERS = Map.of(
      "DescribeGroupsResponse.groups.members.clientHost", "a group member's client host",
      "ConsumerGroupDescribeResponse.groups.members.clientHost", "a group member's client host",
      "ShareGroupDescribeResponse.groups.members.clientHost", "a group member's client host",
      "StreamsGroupDescribeResponse.groups.members.clientHost", "a group member's client host",
      "StreamsGroupDescribeResponse.groups.members.userEndpoint.host", "a Streams application's own endpoint (no broker id)",
      "StreamsGroupHeartbeatResponse.partitionsByUserEndpoint.userEndpoint.host", "a Streams application's own endpoint (no broker id)",
      "DescribeAclsResponse.resources.acls.host", "an ACL's client host pattern",
      "DeleteAclsResponse.filterResults.matchingAcls.host", "an ACL's client host pattern");

  @Test
  void theRewriterCoversExactlyTheSitesTheDescriptorsHave() {
    Set<String> found = new TreeSet<>();
    for (Site s : BrokerEndpoints.of(REGISTRY)) {
      found.add(s.key());
    }
    assertEquals(new TreeSet<>(ResponseRewriter.SITES), found);
  }

  @Test
  void everyBrokerEndpointOfEveryResponseVersionIsRewritten() throws Exception {
    ResponseRewriter rewriter = new ResponseRewriter(PER_NODE, REGISTRY, false);
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (Site site : BrokerEndpoints.of(REGISTRY)) {
      ApiMessageCodec<?> codec = REGISTRY.response(site.apiKey());
      for (short v = site.versions().lowest(); v <= site.versions().highest(); v++) {
        int here = check(rewriter, codec, site, v, failures);
        if (here == 0) {
          failures.add(site.key() + " v" + v + ": the sample has no endpoint there");
        }
        checked += here;
      }
    }
    assertEquals(List.of(), failures);
    System.out.println("ResponseRewriterCompletenessTest: " + checked + " broker endpoints checked");
  }

  private static <T> int check(ResponseRewriter rewriter, ApiMessageCodec<T> codec, Site site, short version,
      List<String> failures) throws Exception {
    T sample = KwireJson.read(codec, sample(codec.descriptor().body(), version), version);
    T out = rewriter.rewrite(codec, sample);
    List<Object[]> endpoints = new ArrayList<>();
    collect(out, site.path(), 0, null, site.nodeId(), endpoints);
    for (Object[] e : endpoints) {
      Object struct = e[0];
      int nodeId = (Integer) e[1];
      Address want = PER_NODE.of(nodeId);
      Object host = component(struct, site.host());
      Object port = component(struct, site.port());
      if (!want.host().equals(host) || !Integer.valueOf(want.port()).equals(port)) {
        failures.add(site.key() + " v" + version + " node " + nodeId + ": " + host + ":" + port + ", want " + want);
      }
    }
    return endpoints.size();
  }

  /** The structs at {@code path} under {@code at}, each with the node id that applies to it. */
  private static void collect(Object at, List<String> path, int depth, Integer outerId, String idName,
      List<Object[]> out) throws Exception {
    if (at == null) {
      return;
    }
    if (at instanceof List<?> list) {
      for (Object each : list) {
        collect(each, path, depth, outerId, idName, out);
      }
      return;
    }
    Object id = component(at, idName);
    Integer nodeId = id instanceof Integer i ? i : outerId;
    if (depth == path.size()) {
      out.add(new Object[] {at, nodeId});
      return;
    }
    collect(component(at, path.get(depth)), path, depth + 1, nodeId, idName, out);
  }

  /** A record's component by name, null when it has none (test code: reflection is fine here). */
  private static Object component(Object record, String name) throws Exception {
    for (RecordComponent c : record.getClass().getRecordComponents()) {
      if (c.getName().equals(name)) {
        return c.getAccessor().invoke(record);
      }
    }
    return null;
  }

  @Test
  void everyHostFieldOfEveryResponseIsABrokerSiteOrKnownNotToBeOne() {
    Set<String> covered = new TreeSet<>();
    for (Site s : BrokerEndpoints.of(REGISTRY)) {
      covered.add(s.key() + "." + s.host());
    }
    Set<String> hosts = new TreeSet<>();
    for (ApiMessageCodec<?> codec : REGISTRY.apis()) {
      if (codec.type() == MessageType.RESPONSE) {
        hostFields(codec.descriptor().name(), codec.descriptor().body(), hosts);
      }
    }
    Set<String> unexplained = new TreeSet<>(hosts);
    unexplained.removeAll(covered);
    unexplained.removeAll(NOT_BROKERS.keySet());
    assertEquals(Set.of(), unexplained, "host fields neither rewritten nor known not to be a broker's");
    Set<String> stale = new TreeSet<>(NOT_BROKERS.keySet());
    stale.removeAll(hosts);
    assertEquals(Set.of(), stale, "NOT_BROKERS names fields no response has");
  }

  private static void hostFields(String prefix, StructDescriptor struct, Set<String> out) {
    for (FieldDescriptor f : struct.fields()) {
      if (f.name().contains("Host")) {
        out.add(prefix + "." + f.javaName());
      }
      if (f.struct() != null) {
        hostFields(prefix + "." + f.javaName(), f.struct(), out);
      }
    }
  }

  /**
   * Kafka's JSON for {@code struct} at {@code version}: every field of the version, tagged ones
   * too; two elements in each array of structs; int32s and uint16s the element's index (so node
   * ids differ), other numbers 0, so error codes say none; hosts the upstream's.
   */
  static String sample(StructDescriptor struct, short version) {
    StringBuilder out = new StringBuilder();
    object(struct, version, 0, out);
    return out.toString();
  }

  private static void object(StructDescriptor struct, short version, int index, StringBuilder out) {
    out.append('{');
    boolean first = true;
    for (FieldDescriptor f : struct.fields()) {
      if (!f.versions().contains(version)) {
        continue;
      }
      if (!first) {
        out.append(',');
      }
      first = false;
      out.append('"').append(f.javaName()).append("\":");
      value(f, version, index, out);
    }
    out.append('}');
  }

  private static void value(FieldDescriptor f, short version, int index, StringBuilder out) {
    if (f.type().startsWith("[]")) {
      out.append('[');
      if (f.struct() != null) {
        object(f.struct(), version, 0, out);
        out.append(',');
        object(f.struct(), version, 1, out);
      } else {
        scalar(f, f.type().substring(2), index, out);
      }
      out.append(']');
    } else if (f.struct() != null) {
      object(f.struct(), version, index, out);
    } else if (f.type().equals("records") && !nullable(f, version)) {
      out.append("\"\"");
    } else {
      scalar(f, f.type(), index, out);
    }
  }

  private static boolean nullable(FieldDescriptor f, short version) {
    return f.nullableVersions().contains(version);
  }

  private static void scalar(FieldDescriptor f, String type, int index, StringBuilder out) {
    switch (type) {
      case "bool" -> out.append("false");
      case "int32", "uint16" -> out.append(f.name().equals("Port") ? UPSTREAM_PORT : index);
      case "int8", "int16", "int64", "uint32", "float64" -> out.append('0');
      case "uuid" -> out.append("\"AAAAAAAAAAAAAAAAAAAAAA\"");
      case "bytes" -> out.append("\"\"");
      case "records" -> out.append("null");
      case "string" -> out.append('"').append(BrokerEndpoints.isHost(f) ? UPSTREAM_HOST : "s").append('"');
      default -> throw new IllegalArgumentException(f.name() + ": type " + type + " has no sample");
    }
  }
}
