package io.kwire.bench;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.tests.differential.MessageFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Random messages (fixed seeds, the tests' {@link MessageFactory}) of every API, request and
 * response, at every version, {@code perVersion} of each: what {@code JsonLinesCorpusTest} feeds
 * the batch modes, about 650 bytes a line, every string random Unicode.
 */
public final class EveryApiCorpus {
  private EveryApiCorpus() {}

  public static List<JsonlCorpus.Message> messages(int perVersion) {
    List<JsonlCorpus.Message> messages = new ArrayList<>();
    for (ApiMessageCodec<?> codec : KwireRegistry.standard().apis()) {
      if (!codec.messageType().getPackageName().equals("io.kwire.messages")) {
        continue; // the tests' own APIs, on the class path through kwire-tests
      }
      VersionRange versions = codec.descriptor().validVersions();
      for (int v = versions.lowest(); v <= versions.highest(); v++) {
        for (int i = 0; i < perVersion; i++) {
          long seed = 31L * (31L * codec.descriptor().name().hashCode() + v) + i;
          messages.add(message(codec, (short) v, seed));
        }
      }
    }
    return messages;
  }

  private static <T> JsonlCorpus.Message message(ApiMessageCodec<T> codec, short version, long seed) {
    return new JsonlCorpus.Message(codec, version, codec.encode(MessageFactory.random(codec, version, seed), version));
  }
}
