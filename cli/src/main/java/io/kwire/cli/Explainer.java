package io.kwire.cli;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.explain.FrameExplainer;
import io.kwire.runtime.explain.TreeText;
import io.kwire.runtime.explain.WireNode;
import io.kwire.runtime.wire.KwireProtocolException;

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
   * Explains {@code frame} as a request or a response; with neither told, it is a request when it
   * reads as one (of {@code api}, if given), else a response (see {@link FrameKind}).
   */
  WireNode explain(byte[] frame, MessageType told, String api, Integer version) {
    MessageType type = FrameKind.of(registry, frame, told, api, version);
    if (type == MessageType.REQUEST) {
      WireNode node = explainer.explainRequest(frame);
      if (api != null) {
        ApiMessageCodec<?> wanted = Apis.find(registry, api, MessageType.REQUEST);
        if (!node.name().equals(wanted.descriptor().name())) {
          throw new UsageException("the frame is a " + node.name() + ", not a " + wanted.descriptor().name());
        }
      }
      return node;
    }
    ApiMessageCodec<?> codec = Apis.find(registry, api, MessageType.RESPONSE);
    return explainer.explainResponse(frame, codec.apiKey(), Apis.version(codec, version));
  }

  /** The tree, a blank line, then the bytes 16 per row. */
  static String text(byte[] frame, WireNode root) {
    return TreeText.tree(root) + "\n" + TreeText.hexDump(frame, root);
  }
}
