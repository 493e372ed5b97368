package io.kwire.cli;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.explain.FrameExplainer;
import io.kwire.runtime.explain.WireNode;
import java.io.PrintWriter;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "sample",
    description = {"Prints the smallest legal instance of an API, as hex and explained.",
        "Numbers zero, strings empty, each array one element, records one empty 61-byte RecordBatch v2.",
        "Both the request and the response unless --request or --response is given."})
final class SampleCommand implements Callable<Integer> {
  @Mixin
  CommonOptions common;

  @Parameters(paramLabel = "API", description = "The API, by name (CreateTopics) or key (19).")
  String api;

  @Option(names = "--version", paramLabel = "N", description = "The version; the latest when absent.")
  Integer version;

  @Mixin
  DirectionOptions direction;

  @Option(names = "--hex-only", description = "Print only the frame's hex, e.g. to pipe into kwire explain.")
  boolean hexOnly;

  @Override
  public Integer call() {
    MessageType told = direction.told();
    PrintWriter out = common.out();
    boolean first = true;
    for (MessageType type : new MessageType[] {MessageType.REQUEST, MessageType.RESPONSE}) {
      if (told != null && told != type) {
        continue;
      }
      ApiMessageCodec<?> codec = Apis.find(common.registry(), api, type);
      short v = Apis.version(codec, version);
      boolean request = type == MessageType.REQUEST;
      byte[] frame = request ? SampleWriter.requestFrame(codec, v) : SampleWriter.responseFrame(codec, v);
      String hex = HexFormat.of().formatHex(frame);
      if (hexOnly) {
        out.println(hex);
        continue;
      }
      FrameExplainer explainer = FrameExplainer.of(common.registry());
      WireNode root = request ? explainer.explainRequest(frame) : explainer.explainResponse(frame, codec.apiKey(), v);
      if (!first) {
        out.println();
      }
      first = false;
      out.println(caption(codec, v, request, frame.length));
      out.println("hex: " + hex);
      out.println();
      out.print(Explainer.text(frame, root));
    }
    return 0;
  }

  /** The seed pages' caption, e.g. {@code CreateTopicsRequest v7, request header v2, 45 bytes on the wire}. */
  static String caption(ApiMessageCodec<?> codec, short version, boolean request, int size) {
    return codec.descriptor().name() + " v" + version + ", " + (request ? "request" : "response") + " header v"
        + codec.headerVersion(version) + ", " + size + " bytes on the wire";
  }
}
