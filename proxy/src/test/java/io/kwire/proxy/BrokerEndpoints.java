package io.kwire.proxy;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.List;

/**
 * Where responses carry a broker's address, found from the message descriptors rather than listed
 * by hand: a struct with a string field named {@code Host} or ending in {@code Host}, a {@code Port}
 * field (int32 or uint16), and a broker id ({@code entityType: brokerId}) in the struct itself or the
 * nearest struct around it (DescribeQuorum's listeners take their node's id). A host and port without
 * a broker id (a Streams application's endpoint) is not a broker's.
 */
final class BrokerEndpoints {
  static final String BROKER_ID = "brokerId";

  private BrokerEndpoints() {}

  /**
   * One place a response carries broker addresses.
   *
   * @param api the response's name, e.g. {@code MetadataResponse}
   * @param path the Java names of the fields from the body to the struct, empty for the body itself
   * @param versions the versions in which the host field is there
   * @param host the host field's Java name
   * @param port the port field's Java name
   * @param nodeId the broker id field's Java name, in this struct or the nearest one around it
   * @param rack the rack field's Java name, or null (metadata only, never rewritten)
   */
  record Site(String api, short apiKey, List<String> path, VersionRange versions, String host, String port,
      String nodeId, String rack) {
    /** {@code MetadataResponse.brokers}, {@code FindCoordinatorResponse} for the body. */
    String key() {
      return path.isEmpty() ? api : api + "." + String.join(".", path);
    }
  }

  /** Every site of every response codec in {@code registry}, in registry order. */
  static List<Site> of(KwireRegistry registry) {
    List<Site> out = new ArrayList<>();
    for (ApiMessageCodec<?> codec : registry.apis()) {
      if (codec.type() == MessageType.RESPONSE) {
        walk(codec, codec.descriptor().body(), List.of(), codec.descriptor().validVersions(), null, out);
      }
    }
    return out;
  }

  private static void walk(ApiMessageCodec<?> codec, StructDescriptor struct, List<String> path,
      VersionRange versions, String outerNodeId, List<Site> out) {
    FieldDescriptor host = find(struct, f -> isHost(f));
    FieldDescriptor port = find(struct, f -> f.name().equals("Port") && (f.type().equals("int32") || f.type().equals("uint16")));
    FieldDescriptor id = find(struct, f -> BROKER_ID.equals(f.entityType()) && f.type().equals("int32"));
    String nodeId = id != null ? id.javaName() : outerNodeId;
    if (host != null && port != null && nodeId != null) {
      FieldDescriptor rack = find(struct, f -> f.name().equals("Rack"));
      out.add(new Site(codec.descriptor().name(), codec.apiKey(), path, versions.intersect(host.versions()),
          host.javaName(), port.javaName(), nodeId, rack == null ? null : rack.javaName()));
    }
    for (FieldDescriptor f : struct.fields()) {
      if (f.struct() != null) {
        List<String> inner = new ArrayList<>(path);
        inner.add(f.javaName());
        walk(codec, f.struct(), List.copyOf(inner), versions.intersect(f.versions()), nodeId, out);
      }
    }
  }

  static boolean isHost(FieldDescriptor f) {
    return f.type().equals("string") && (f.name().equals("Host") || f.name().endsWith("Host"));
  }

  private static FieldDescriptor find(StructDescriptor struct, java.util.function.Predicate<FieldDescriptor> test) {
    for (FieldDescriptor f : struct.fields()) {
      if (test.test(f)) {
        return f;
      }
    }
    return null;
  }
}
