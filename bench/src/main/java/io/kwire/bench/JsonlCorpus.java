package io.kwire.bench;

import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.runtime.ApiMessageCodec;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The input of {@code kwire decode --jsonl} and {@code kwire encode --jsonl} for a list of messages:
 * the same messages both ways, so the two modes are timed on the same content.
 *
 * @param decodeInput one {@code {"api","type","version","bodyHex"}} line per message
 * @param encodeInput one {@code {"api","type","version","json"}} line per message (record data kept)
 * @param lines how many lines each input has
 */
public record JsonlCorpus(byte[] decodeInput, byte[] encodeInput, int lines) {
  private static final HexFormat HEX = HexFormat.of();
  private static final JsonOptions EXACT = JsonOptions.DEFAULT.withRecordData(true);

  /** One message of the corpus. */
  public record Message(ApiMessageCodec<?> codec, short version, byte[] body) {}

  public static JsonlCorpus of(List<Message> messages) {
    StringBuilder decode = new StringBuilder();
    StringBuilder encode = new StringBuilder();
    for (Message m : messages) {
      String api = m.codec().descriptor().name().replaceFirst("(Request|Response)$", "");
      String head = String.format(Locale.ROOT, "{\"api\":\"%s\",\"type\":\"%s\",\"version\":%d,", api,
          m.codec().type().name().toLowerCase(Locale.ROOT), m.version());
      decode.append(head).append("\"bodyHex\":\"").append(HEX.formatHex(m.body())).append("\"}\n");
      String json = KwireJson.bytesToJson(m.codec().descriptor(), m.body(), m.version(), EXACT);
      encode.append(head).append("\"json\":").append(json).append("}\n");
    }
    return new JsonlCorpus(decode.toString().getBytes(StandardCharsets.UTF_8),
        encode.toString().getBytes(StandardCharsets.UTF_8), messages.size());
  }
}
