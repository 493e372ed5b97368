package io.kwire.cli;

import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "encode",
    description = {"Reads one message body as Kafka's JSON (or with --frame, {\"header\", \"body\"}) and prints",
        "its bytes as hex (or raw with --raw).",
        "--jsonl: a stream of {\"api\",\"type\",\"version\",\"json\"} lines, answered line by line with",
        "{\"bodyHex\"} or {\"error\"}."})
final class EncodeCommand implements Callable<Integer> {
  @ParentCommand
  Kwire kwire;

  @Spec
  CommandSpec spec;

  @Mixin
  HelpOption help;

  @Parameters(arity = "0..1", paramLabel = "FILE", description = "The JSON; stdin when absent or -.")
  Path file;

  @Mixin
  MessageOptions message;

  @Option(names = "--frame", description = "Encode a whole frame (size, header, body) from {\"header\", \"body\"}.")
  boolean frame;

  @Option(names = "--raw", description = "Write raw bytes instead of hex.")
  boolean raw;

  @Option(names = "--jsonl", description = "Batch mode: JSON lines in and out (see above).")
  boolean jsonl;

  @Option(names = "--progress", description = "With --jsonl: progress and a summary on stderr even when it is not a terminal.")
  boolean progress;

  @Override
  public Integer call() throws IOException {
    if (jsonl) {
      return JsonlRun.run(kwire, spec, file, progress, JsonLines::encode);
    }
    byte[] input = FrameInput.readAll(file, kwire.stdin());
    String json = new String(input, StandardCharsets.UTF_8);
    if (json.isBlank()) {
      throw new Kwire.UsageException("no input: give a file, or pipe JSON to stdin");
    }
    byte[] bytes;
    if (frame) {
      bytes = FrameJson.encode(kwire.registry(), json, message.type(), message.api, message.version);
    } else {
      ApiMessageCodec<?> codec = message.codec(kwire.registry());
      bytes = KwireJson.jsonToBytes(codec, json, Apis.version(codec, message.version));
    }
    if (raw) {
      spec.commandLine().getOut().flush();
      kwire.stdout().write(bytes);
      kwire.stdout().flush();
    } else {
      spec.commandLine().getOut().println(HexFormat.of().formatHex(bytes));
    }
    return 0;
  }
}
