package io.kwire.cli;

import io.kwire.annotations.MessageType;
import io.kwire.fake.ControlAction;
import io.kwire.fake.ControlBuilder;
import io.kwire.fake.ControlHandle;
import io.kwire.fake.FakeCluster;
import io.kwire.fake.HeldRequests;
import io.kwire.messages.errors.ErrorCodes;
import io.kwire.runtime.KwireRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The request controls of {@code kwire fake --control-stdin} ({@link FakeCluster#control(int)} as
 * lines): {@code fail API CODE [TIMES]}, {@code delay API MS}, {@code drop API [TIMES]},
 * {@code hold API}, each optionally ending {@code on N} (broker N only), answered {@code ok control
 * ID}; {@code release [ID]} lets held requests go on, {@code clear [ID]} removes controls (releasing
 * what they hold), {@code controls} lists them. API is a name ({@code Produce}) or key ({@code 0}),
 * or {@code *} for every API; CODE a number or Kafka's error name ({@code NOT_LEADER_OR_FOLLOWER}).
 * Confined to the thread reading the lines.
 */
final class FakeRequestControls {
  static final String USAGE = "fail API CODE [TIMES] [on N], delay API MS [on N], drop API [TIMES] [on N],"
      + " hold API [on N], release [ID], clear [ID], controls";


  private final FakeCluster cluster;
  private final Map<Integer, Installed> installed = new TreeMap<>();
  private int nextId = 1;

  FakeRequestControls(FakeCluster cluster) {
    this.cluster = cluster;
  }

  /** Whether {@code command} is one of these. */
  static boolean handles(String command) {
    return List.of("fail", "delay", "drop", "hold", "release", "clear", "controls").contains(command);
  }

  /** The answer to one line whose first word {@link #handles} names. */
  String answer(String[] words) {
    return switch (words[0]) {
      case "release" -> release(words);
      case "clear" -> clear(words);
      case "controls" -> list();
      default -> install(words);
    };
  }

  private String install(String[] line) {
    List<String> words = new ArrayList<>(Arrays.asList(line));
    int broker = -1;
    if (words.size() >= 3 && words.get(words.size() - 2).equals("on")) {
      broker = number(words.get(words.size() - 1), "broker id");
      words = words.subList(0, words.size() - 2);
    }
    String verb = words.get(0);
    int arguments = words.size() - 1;
    String api = arguments >= 1 ? words.get(1) : null;
    ControlHandle handle;
    HeldRequests held = null;
    switch (verb) {
      case "fail" -> {
        expect(verb, arguments, 2, 3, "API CODE [TIMES]");
        short code = errorCode(words.get(2));
        handle = upTo(builder(api, broker), times(words, 3), ControlAction.fail(code));
      }
      case "drop" -> {
        expect(verb, arguments, 1, 2, "API [TIMES]");
        handle = upTo(builder(api, broker), times(words, 2), ControlAction.drop());
      }
      case "delay" -> {
        expect(verb, arguments, 2, 2, "API MS");
        long ms = number(words.get(2), "delay in ms");
        handle = builder(api, broker).delay(Duration.ofMillis(ms));
      }
      default -> { // hold
        expect(verb, arguments, 1, 1, "API");
        held = builder(api, broker).hold();
        handle = held;
      }
    }
    int id = nextId++;
    installed.put(id, new Installed(String.join(" ", line), handle, held));
    return "ok control " + id;
  }

  /** A control acting on at most {@code times} requests (0: every one), passing the others on. */
  private static ControlHandle upTo(ControlBuilder<Object> builder, int times, ControlAction action) {
    if (times == 1) {
      return builder.once().run((request, context) -> action);
    }
    AtomicInteger left = new AtomicInteger(times);
    return builder.run((request, context) -> times == 0 || left.getAndDecrement() > 0 ? action : ControlAction.pass());
  }

  private ControlBuilder<Object> builder(String api, int broker) {
    ControlBuilder<Object> builder = api.equals("*") ? cluster.controlAll()
        : cluster.control(Apis.find(KwireRegistry.standard(), api, MessageType.REQUEST).apiKey());
    return broker < 0 ? builder : builder.onBroker(broker);
  }

  private String release(String[] words) {
    int released = 0;
    for (Installed c : selected(words, "release")) {
      if (c.held != null) {
        released += c.held.held();
        c.held.releaseAll();
      }
    }
    return "ok released " + released;
  }

  private String clear(String[] words) {
    List<Installed> gone = selected(words, "clear");
    for (Installed c : gone) {
      c.handle.remove();
    }
    installed.values().removeAll(gone);
    return "ok cleared " + gone.size();
  }

  private String list() {
    StringBuilder s = new StringBuilder("ok");
    for (Map.Entry<Integer, Installed> e : installed.entrySet()) {
      Installed c = e.getValue();
      s.append(' ').append(e.getKey()).append("=[").append(c.line).append(']');
      if (c.held != null) {
        s.append(" held=").append(c.held.held()); // what it holds now
      } else {
        s.append(" fired=").append(c.handle.fired()); // the requests it acted on
      }
      if (!c.handle.active()) {
        s.append(" done");
      }
    }
    return s.toString();
  }

  private List<Installed> selected(String[] words, String verb) {
    if (words.length == 1) {
      return List.copyOf(installed.values());
    }
    if (words.length != 2) {
      throw new IllegalArgumentException(verb + " takes at most one control id");
    }
    Installed c = installed.get(number(words[1], "control id"));
    if (c == null) {
      throw new IllegalArgumentException("no control " + words[1]);
    }
    return List.of(c);
  }

  private static void expect(String verb, int arguments, int least, int most, String shape) {
    if (arguments < least || arguments > most) {
      throw new IllegalArgumentException(verb + " takes " + shape + " [on N]");
    }
  }

  private static int times(List<String> words, int at) {
    return words.size() > at ? number(words.get(at), "number of times") : 0;
  }

  private static short errorCode(String word) {
    if (word.matches("-?\\d+")) {
      int code = Integer.parseInt(word);
      if (code < Short.MIN_VALUE || code > Short.MAX_VALUE) {
        throw new IllegalArgumentException("not an error code: " + word);
      }
      return (short) code;
    }
    try {
      return ErrorCodes.parse(word);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("no error is named " + word + " (give its number)");
    }
  }

  private static int number(String word, String what) {
    try {
      int n = Integer.parseInt(word);
      if (n < 0) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a " + what + ": " + word);
    }
  }

  private record Installed(String line, ControlHandle handle, HeldRequests held) {}
}
