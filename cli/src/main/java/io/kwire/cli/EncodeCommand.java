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

@Command(name = "encode",
    description = {"Encodes one message body from Kafka's JSON (or with --frame, a whole frame) as hex or raw bytes.",
        "The input is the body's JSON, or with --frame {\"header\", \"body\"}; the output hex, or raw bytes with --raw.",
        "--jsonl: a stream of {\"api\",\"type\",\"version\",\"json\"} lines, answered line by line with",
        "{\"bodyHex\"} or {\"error\"}."})
final class EncodeCommand implements Callable<Integer> {
  @Mixin
  CommonOptions common;

  @Parameters(arity = "0..1", paramLabel = "FILE", description = "The JSON; stdin when absent or -.")
  Path file;

  @Mixin
  MessageOptions message;

  @Option(names = "--frame", description = "Encode a whole frame (size, header, body) from {\"header\", \"body\"}.")
  boolean frame;

  @Option(names = "--raw", description = "Write raw bytes instead of hex.")
  boolean raw;

  @Mixin
  JsonlOptions batch;

  @Override
  public Integer call() throws IOException {
    if (batch.jsonl) {
      return JsonlRun.run(common, file, batch.progress, JsonLines::encode);
    }
    byte[] input = FrameInput.readAll(file, common.kwire().stdin());
    String json = new String(input, StandardCharsets.UTF_8);
    if (json.isBlank()) {
      throw new UsageException("no input: give a file, or pipe JSON to stdin");
    }
    byte[] bytes;
    if (frame) {
      bytes = FrameJson.encode(common.registry(), json, message.type(), message.api, message.version);
    } else {
      ApiMessageCodec<?> codec = message.codec(common.registry());
      bytes = KwireJson.jsonToBytes(codec, json, Apis.version(codec, message.version));
    }
    if (raw) {
      common.out().flush();
      common.kwire().stdout().write(bytes);
      common.kwire().stdout().flush();
    } else {
      common.out().println(HexFormat.of().formatHex(bytes));
    }
    return 0;
  }
}
