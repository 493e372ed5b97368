package io.kwire.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code --config FILE}: a YAML mapping of what the command line takes, each key an option's long
 * name without its dashes ({@code listen: 127.0.0.1:19092}, {@code check: true}, a repeatable option
 * as a list: {@code filter: [tenant, "faults:api=Produce,do=disconnect"]}). An option given on the
 * command line wins over the file. A wrong file is refused with one line naming its line and key.
 */
final class ConfigFile {
  /** A file that is not a configuration: the message names the file, the line and the key. */
  static final class Invalid extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Invalid(String message) {
      super(message, null, false, false);
    }
  }

  private ConfigFile() {}

  /** One key's value (a String, or a List of them) and the line it is on (from 1). */
  record Setting(String key, Object value, int line) {}

  /** The settings of {@code file}, in order. */
  static List<Setting> read(Path file) {
    Node root;
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      root = new Compose(LoadSettings.builder().setLabel(file.toString()).build()).composeReader(in).orElse(null);
    } catch (IOException e) {
      throw new Invalid(file + ": cannot be read (" + e.getMessage() + ")");
    } catch (MarkedYamlEngineException e) {
      int line = e.getProblemMark().map(m -> m.getLine() + 1).orElse(0);
      throw new Invalid(file + ":" + line + ": not YAML: " + e.getProblem());
    } catch (YamlEngineException e) {
      throw new Invalid(file + ": not YAML: " + e.getMessage());
    }
    List<Setting> out = new ArrayList<>();
    if (root == null) {
      return out;
    }
    if (!(root instanceof MappingNode mapping)) {
      throw new Invalid(file + ":" + line(root) + ": a mapping of option names to values is expected");
    }
    for (NodeTuple tuple : mapping.getValue()) {
      if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
        throw new Invalid(file + ":" + line(tuple.getKeyNode()) + ": a key must be an option's name");
      }
      Node value = tuple.getValueNode();
      if (value instanceof ScalarNode scalar) {
        out.add(new Setting(key.getValue(), scalar.getValue(), line(key)));
      } else if (value instanceof SequenceNode sequence) {
        List<String> items = new ArrayList<>();
        for (Node item : sequence.getValue()) {
          if (!(item instanceof ScalarNode scalar)) {
            throw new Invalid(file + ":" + line(item) + ": " + key.getValue() + ": a list of plain values is expected");
          }
          items.add(scalar.getValue());
        }
        out.add(new Setting(key.getValue(), items, line(key)));
      } else {
        throw new Invalid(file + ":" + line(value) + ": " + key.getValue() + ": a value or a list of values is expected");
      }
    }
    return out;
  }

  private static int line(Node node) {
    return node.getStartMark().map(Mark::getLine).orElse(-1) + 1;
  }

  /**
   * Sets the options of {@code spec} that {@code file} gives and the command line does not; with
   * {@code reset}, the others not given on the command line go back to their initial values first
   * (a reload: a key taken out of the file is as if never given). On any error nothing is changed.
   *
   * @throws Invalid naming the file, the line and the key
   */
  static void apply(Path file, CommandSpec spec, ParseResult commandLine, boolean reset) {
    List<Setting> settings = read(file);
    Map<OptionSpec, Object> next = new HashMap<>();
    if (reset) {
      for (OptionSpec option : spec.options()) {
        if (!commandLine.hasMatchedOption(option) && option.longestName().startsWith("--")
            && !"--config".equals(option.longestName())) {
          next.put(option, option.initialValue());
        }
      }
    }
    for (Setting s : settings) {
      OptionSpec option = spec.findOption("--" + s.key());
      String where = file + ":" + s.line() + ": " + s.key();
      if (option == null || "config".equals(s.key()) || option.usageHelp() || option.versionHelp()) {
        throw new Invalid(where + ": no such option of kwire " + spec.name()
            + " (the keys are the options' long names without --)");
      }
      if (commandLine.hasMatchedOption(option)) {
        continue; // the command line wins
      }
      next.put(option, value(option, s, where));
    }
    next.forEach(OptionSpec::setValue);
  }

  private static Object value(OptionSpec option, Setting s, String where) {
    Class<?> type = option.type();
    if (option.isMultiValue()) {
      return s.value() instanceof List<?> list ? new ArrayList<>(list) : new ArrayList<>(List.of(s.value()));
    }
    if (!(s.value() instanceof String text)) {
      throw new Invalid(where + ": one value is expected, not a list");
    }
    try {
      if (type == boolean.class || type == Boolean.class) {
        if (!text.equals("true") && !text.equals("false")) {
          throw new Invalid(where + ": true or false is expected, not '" + text + "'");
        }
        return Boolean.parseBoolean(text);
      }
      if (type == int.class || type == Integer.class) {
        return Integer.parseInt(text);
      }
      if (type == long.class || type == Long.class) {
        return Long.parseLong(text);
      }
    } catch (NumberFormatException e) {
      throw new Invalid(where + ": a number is expected, not '" + text + "'");
    }
    if (type == Path.class) {
      return Path.of(text);
    }
    if (type != String.class) {
      throw new Invalid(where + ": kwire cannot read a " + type.getSimpleName() + " from the file; give it on the"
          + " command line");
    }
    return text;
  }
}
