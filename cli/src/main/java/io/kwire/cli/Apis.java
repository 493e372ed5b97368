package io.kwire.cli;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import java.util.Locale;
import java.util.Optional;

/** Finds an API by key or by name, as users type them: {@code 19}, {@code CreateTopics}, {@code createtopicsrequest}. */
final class Apis {
  private Apis() {}

  static ApiMessageCodec<?> find(KwireRegistry registry, String api, MessageType type) {
    String wanted = api.trim();
    if (!wanted.isEmpty() && wanted.chars().allMatch(Character::isDigit)) {
      int key = Integer.parseInt(wanted);
      Optional<ApiMessageCodec<?>> codec = type == MessageType.REQUEST ? registry.findRequest(key)
          : registry.findResponse(key);
      return codec.orElseThrow(() -> new UsageException("no API has key " + key + " (see: kwire apis)"));
    }
    String bare = strip(wanted.toLowerCase(Locale.ROOT));
    for (ApiMessageCodec<?> codec : registry.apis()) {
      if (codec.type() == type && strip(codec.descriptor().name().toLowerCase(Locale.ROOT)).equals(bare)) {
        return codec;
      }
    }
    throw new UsageException("no API is named " + api + " (see: kwire apis)");
  }

  private static String strip(String lower) {
    for (String suffix : new String[] {"request", "response"}) {
      if (lower.endsWith(suffix)) {
        return lower.substring(0, lower.length() - suffix.length());
      }
    }
    return lower;
  }

  static String baseName(ApiMessageCodec<?> codec) {
    String name = codec.descriptor().name();
    return name.replaceFirst("(Request|Response)$", "");
  }

  /** The version a user asked for, or the latest valid one. */
  static short version(ApiMessageCodec<?> codec, Integer asked) {
    var valid = codec.descriptor().validVersions();
    if (asked == null) {
      return valid.highest();
    }
    if (!valid.contains(asked)) {
      throw new UsageException(codec.descriptor().name() + " has versions " + valid + ", not " + asked);
    }
    return asked.shortValue();
  }
}
