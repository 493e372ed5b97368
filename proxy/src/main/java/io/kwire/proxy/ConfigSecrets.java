package io.kwire.proxy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.kwire.json.JsonOptions;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * Config values that only their name marks as secret. A request that sets configs (CreateTopics,
 * AlterConfigs, IncrementalAlterConfigs) carries no {@code IsSensitive} flag, so kwire-json shows
 * its values; here, in the message's JSON, the {@code "value"} of an object whose {@code "name"}
 * (written before it in all those messages) looks like a password, a JAAS config or a private key
 * becomes {@value JsonOptions#REDACTED}.
 */
final class ConfigSecrets {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();

  private ConfigSecrets() {}

  /** Whether a config of this name holds a secret: Kafka's PASSWORD-type configs and JAAS configs. */
  static boolean secretName(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return n.contains("password") || n.contains("secret") || n.contains("sasl.jaas.config")
        || n.endsWith(".key") || n.contains("credential");
  }

  /** {@code json} with the values of secret-named configs replaced. */
  static String redact(String json) {
    StringWriter text = new StringWriter(json.length());
    // The "name" of each open object, or null; an object's "value" is looked up in its own frame.
    Deque<String[]> names = new ArrayDeque<>();
    try (JsonParser in = FACTORY.createParser(json); JsonGenerator out = FACTORY.createGenerator(text)) {
      for (JsonToken t = in.nextToken(); t != null; t = in.nextToken()) {
        if (t == JsonToken.START_OBJECT) {
          names.push(new String[1]);
        } else if (t == JsonToken.END_OBJECT) {
          names.pop();
        } else if (t == JsonToken.VALUE_STRING && "name".equals(in.currentName()) && !names.isEmpty()) {
          names.peek()[0] = in.getText();
        } else if (t == JsonToken.VALUE_STRING && "value".equals(in.currentName()) && !names.isEmpty()
            && names.peek()[0] != null && secretName(names.peek()[0])) {
          out.writeString(JsonOptions.REDACTED);
          continue;
        }
        out.copyCurrentEvent(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }
}
