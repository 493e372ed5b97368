package io.kwire.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "decode",
    description = {"Prints one message body (or with --frame, one whole frame) as Kafka's JSON.",
        "--jsonl: a stream of {\"api\",\"type\",\"version\",\"bodyHex\"} lines, answered line by line with",
        "{\"json\",\"reencodedHex\"} or {\"error\"}; nothing redacted, record data kept."})
final class DecodeCommand implements Callable<Integer> {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  @Mixin
  CommonOptions common;

  @Mixin
  FrameSource input;

  @Mixin
  MessageOptions message;

  @Option(names = "--frame", description = "The input is a whole frame (size, header, body): prints {\"header\", \"body\"}.")
  boolean frame;

  @Mixin
  ShowSecretsOption secrets;

  @Option(names = "--no-record-data", description = "Write records fields as \"\", as Kafka's request logs do.")
  boolean noRecordData;

  @Option(names = "--compact", description = "One line of JSON instead of an indented tree.")
  boolean compact;

  @Mixin
  JsonlOptions batch;

  @Override
  public Integer call() throws IOException {
    if (batch.jsonl) {
      return JsonlRun.run(common, input.file, batch.progress, JsonLines::decode);
    }
    byte[] bytes = input.read(common.kwire().stdin());
    JsonOptions options = JsonOptions.DEFAULT.withRedactedSecrets(!secrets.showSecrets).withRecordData(!noRecordData);
    StringWriter text = new StringWriter();
    // Everything is checked before anything is printed: a bad message prints no partial JSON.
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      if (!compact) {
        out.useDefaultPrettyPrinter();
      }
      if (frame) {
        FrameJson.decode(common.registry(), bytes, message.direction.told(), message.api, message.version, out, options);
      } else {
        ApiMessageCodec<?> codec = message.codec(common.registry());
        short version = Apis.version(codec, message.version);
        codec.decode(bytes, version);
        KwireJson.bytesToJson(codec.descriptor(), bytes, version, out, options);
      }
    }
    PrintWriter out = common.out();
    out.println(text);
    out.flush();
    return 0;
  }
}
