package io.kwire.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "decode",
    description = {"Prints one message body (or with --frame, one whole frame) as Kafka's JSON.",
        "--jsonl: a stream of {\"api\",\"type\",\"version\",\"bodyHex\"} lines, answered line by line with",
        "{\"json\",\"reencodedHex\"} or {\"error\"}; nothing redacted, record data kept."})
final class DecodeCommand implements Callable<Integer> {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  @ParentCommand
  Kwire kwire;

  @Spec
  CommandSpec spec;

  @Mixin
  HelpOption help;

  @Parameters(arity = "0..1", paramLabel = "FILE", description = "The input; stdin when absent or -.")
  Path file;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "AUTO",
      description = "hex, raw or auto (default: hex if the input is only hex digits and spaces).")
  FrameInput.Format format;

  @Mixin
  MessageOptions message;

  @Option(names = "--frame", description = "The input is a whole frame (size, header, body): prints {\"header\", \"body\"}.")
  boolean frame;

  @Option(names = "--show-secrets", description = "Show secrets as they are: SASL bytes, SCRAM keys, token HMACs, "
      + "config values other than known non-password configs (redacted by default).")
  boolean showSecrets;

  @Option(names = "--no-record-data", description = "Write records fields as \"\", as Kafka's request logs do.")
  boolean noRecordData;

  @Option(names = "--compact", description = "One line of JSON instead of an indented tree.")
  boolean compact;

  @Option(names = "--jsonl", description = "Batch mode: JSON lines in and out (see above).")
  boolean jsonl;

  @Option(names = "--progress", description = "With --jsonl: progress and a summary on stderr even when it is not a terminal.")
  boolean progress;

  @Override
  public Integer call() throws IOException {
    if (jsonl) {
      return JsonlRun.run(kwire, spec, file, progress, JsonLines::decode);
    }
    byte[] bytes = FrameInput.read(file, kwire.stdin(), format);
    JsonOptions options = JsonOptions.DEFAULT.withRedactedSecrets(!showSecrets).withRecordData(!noRecordData);
    StringWriter text = new StringWriter();
    // Everything is checked before anything is printed: a bad message prints no partial JSON.
    try (JsonGenerator out = FACTORY.createGenerator(text)) {
      if (!compact) {
        out.useDefaultPrettyPrinter();
      }
      if (frame) {
        FrameJson.decode(kwire.registry(), bytes, message.direction.told(), message.api, message.version, out, options);
      } else {
        ApiMessageCodec<?> codec = message.codec(kwire.registry());
        short version = Apis.version(codec, message.version);
        codec.decode(bytes, version);
        KwireJson.bytesToJson(codec.descriptor(), bytes, version, out, options);
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println(text);
    out.flush();
    return 0;
  }
}
