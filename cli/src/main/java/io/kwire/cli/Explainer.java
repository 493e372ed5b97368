package io.kwire.cli;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireProtocolException;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.explain.FrameExplainer;
import io.kwire.runtime.explain.TreeText;
import io.kwire.runtime.explain.WireNode;

/** What {@code explain} and {@code sample} share: which way a frame goes, and how it is printed. */
final class Explainer {
  private final KwireRegistry registry;
  private final FrameExplainer explainer;

  Explainer(KwireRegistry registry, boolean showSecrets) {
    this.registry = registry;
    FrameExplainer plain = FrameExplainer.of(registry);
    this.explainer = showSecrets ? plain : plain.hidingSecrets();
  }

  /**
   * Explains {@code frame} as a request or a response; with neither told, it is a request when its
   * header names a known API and version (and, if {@code api} is given, that API), else a response.
   */
  WireNode explain(byte[] frame, MessageType told, String api, Integer version) {
    MessageType type = told != null ? told : guess(frame, api);
    if (type == MessageType.REQUEST) {
      WireNode node = explainer.explainRequest(frame);
      if (api != null) {
        ApiMessageCodec<?> wanted = Apis.find(registry, api, MessageType.REQUEST);
        if (!node.name().equals(wanted.descriptor().name())) {
          throw new Kwire.UsageException("the frame is a " + node.name() + ", not a " + wanted.descriptor().name());
        }
      }
      return node;
    }
    if (api == null || version == null) {
      throw new Kwire.UsageException("a response frame does not say what it answers: give --api and --version"
          + (told == null ? " (or --request if it is a request)" : ""));
    }
    ApiMessageCodec<?> codec = Apis.find(registry, api, MessageType.RESPONSE);
    return explainer.explainResponse(frame, codec.apiKey(), Apis.version(codec, version));
  }

  private MessageType guess(byte[] frame, String api) {
    if (!explainer.looksLikeRequest(frame)) {
      return MessageType.RESPONSE;
    }
    if (api != null) {
      short key = (short) (((frame[4] & 0xFF) << 8) | (frame[5] & 0xFF));
      if (Apis.find(registry, api, MessageType.REQUEST).apiKey() != key) {
        return MessageType.RESPONSE;
      }
    }
    try {
      explainer.explainRequest(frame);
      return MessageType.REQUEST;
    } catch (KwireProtocolException e) {
      // A response whose correlation id happens to read as an API key and version.
      if (api != null) {
        return MessageType.RESPONSE;
      }
      throw new Kwire.UsageException("the frame does not read as a request (" + e.getMessage()
          + "); if it is a response, give --api and --version");
    }
  }

  /** The tree, a blank line, then the bytes 16 per row. */
  static String text(byte[] frame, WireNode root) {
    return TreeText.tree(root) + "\n" + TreeText.hexDump(frame, root);
  }
}
