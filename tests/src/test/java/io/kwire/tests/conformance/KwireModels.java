package io.kwire.tests.conformance;

import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.ResponseHeaderCodec;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.tests.conformance.SpecModel.MessageSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** kwire's side: the descriptors its processor generated, plus the hand-written headers'. */
final class KwireModels {
  private final List<MessageDescriptor> descriptors;

  KwireModels(List<MessageDescriptor> descriptors) {
    this.descriptors = List.copyOf(descriptors);
  }

  /** Every codec registered on the class path, and the two headers. */
  static KwireModels standard() {
    List<MessageDescriptor> all = new ArrayList<>();
    for (MessageCodec<?> codec : KwireRegistry.standard().codecs()) {
      all.add(codec.descriptor());
    }
    all.add(RequestHeaderCodec.DESCRIPTOR);
    all.add(ResponseHeaderCodec.DESCRIPTOR);
    return new KwireModels(all);
  }

  int size() {
    return descriptors.size();
  }

  /** The descriptor for {@code spec}, or why there is none; exactly one of the two is set. */
  record Lookup(MessageDescriptor descriptor, String problem) {}

  /** Matches by name; requests and responses must also agree on API key and type. */
  Lookup find(MessageSpec spec) {
    boolean api = spec.type().equals("request") || spec.type().equals("response");
    List<MessageDescriptor> named = new ArrayList<>();
    List<MessageDescriptor> matching = new ArrayList<>();
    for (MessageDescriptor d : descriptors) {
      if (d.name().equals(spec.name())) {
        named.add(d);
        if (!api || sameApi(d, spec)) {
          matching.add(d);
        }
      }
    }
    if (matching.size() == 1) {
      return new Lookup(matching.get(0), null);
    }
    if (matching.size() > 1) {
      return new Lookup(null, matching.size() + " kwire records are named " + spec.name());
    }
    if (!named.isEmpty()) {
      MessageDescriptor d = named.get(0);
      return new Lookup(null, "kwire record " + d.name() + " has apiKey " + d.apiKey() + " type " + typeOf(d)
          + ", the spec apiKey " + spec.apiKey() + " type " + spec.type());
    }
    String problem = "no kwire record";
    if (api) {
      for (MessageDescriptor d : descriptors) {
        if (sameApi(d, spec)) {
          problem += "; the kwire " + spec.type() + " with apiKey " + spec.apiKey() + " is named " + d.name();
        }
      }
    }
    return new Lookup(null, problem);
  }

  private static boolean sameApi(MessageDescriptor d, MessageSpec spec) {
    return spec.apiKey() != null && d.apiKey() == spec.apiKey() && typeOf(d).equals(spec.type());
  }

  /** Kafka's spelling of kwire's message type. */
  static String typeOf(MessageDescriptor d) {
    return d.type().name().toLowerCase(Locale.ROOT);
  }
}
