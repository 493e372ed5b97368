package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.runtime.Frames;
import io.kwire.runtime.wire.DecodeOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code kwire decode}, {@code kwire explain} (text and HTML) and the proxy's log hide the same
 * secrets and show the same values, on the same frames ({@link SecretFrames}); asked to show
 * secrets, each shows them all, so the search for them below does find what is there.
 */
class RedactionAcrossToolsTest {
  private static final Pattern DUMP_ROW = Pattern.compile("(?m)^[0-9a-f]{4}  ((?: (?:[0-9a-f]{2}|\\*\\*))+)$");
  private static final Pattern HTML_CELL = Pattern.compile("id=\"b\\d+\"[^>]*>([^<]*)</td>");

  @Test
  void decodeHidesAndShowsTheSameThings() {
    for (SecretFrames.Exchange<?, ?> e : SecretFrames.all()) {
      Set<String> found = new HashSet<>();
      check("decode " + e.api() + " request", e, decode(e, e.requestBody(), "--request", false),
          decode(e, e.requestBody(), "--request", true), found);
      check("decode " + e.api() + " response", e, decode(e, e.responseBody(), "--response", false),
          decode(e, e.responseBody(), "--response", true), found);
      assertAllFound("decode", e, found);
    }
  }

  @Test
  void explainTextHidesAndShowsTheSameThings() {
    for (SecretFrames.Exchange<?, ?> e : SecretFrames.all()) {
      Set<String> found = new HashSet<>();
      check("explain " + e.api() + " request", e, explain(e, true, false), explain(e, true, true), found);
      check("explain " + e.api() + " response", e, explain(e, false, false), explain(e, false, true), found);
      assertAllFound("explain", e, found);
    }
  }

  @Test
  void explainHtmlHidesAndShowsTheSameThings() {
    for (SecretFrames.Exchange<?, ?> e : SecretFrames.all()) {
      Set<String> found = new HashSet<>();
      check("explain --html " + e.api() + " request", e, explain(e, true, false, "--html", "-"),
          explain(e, true, true, "--html", "-"), found);
      check("explain --html " + e.api() + " response", e, explain(e, false, false, "--html", "-"),
          explain(e, false, true, "--html", "-"), found);
      assertAllFound("explain --html", e, found);
    }
  }

  @Test
  void theProxyLogHidesAndShowsTheSameThings() throws IOException {
    for (SecretFrames.Exchange<?, ?> e : SecretFrames.all()) {
      List<String> redacted = proxyLog(e, true);
      List<String> plain = proxyLog(e, false);
      assertEquals(2, redacted.size(), redacted.toString());
      Set<String> found = new HashSet<>();
      check("proxy --log " + e.api() + " request", e, redacted.get(0), plain.get(0), found);
      check("proxy --log " + e.api() + " response", e, redacted.get(1), plain.get(1), found);
      assertAllFound("proxy --log", e, found);
    }
  }

  /**
   * Every secret of the exchange that {@code shown} holds is hidden in {@code hidden}, and every value
   * to show that {@code shown} holds is in {@code hidden} too (each belongs to the request or to the
   * response); what {@code shown} holds goes into {@code found}.
   */
  private static void check(String what, SecretFrames.Exchange<?, ?> e, String hidden, String shown, Set<String> found) {
    for (byte[] secret : e.hidden()) {
      if (leaks(shown, secret)) {
        found.add(hex(secret));
        assertFalse(leaks(hidden, secret), what + " shows " + hex(secret) + ":\n" + hidden);
      }
    }
    for (String value : e.shown()) {
      if (shown.contains(value)) {
        found.add(value);
        assertTrue(hidden.contains(value), what + " hides " + value + ":\n" + hidden);
      }
    }
  }

  /** Asked to show secrets, the tool showed every secret and every value of the exchange. */
  private static void assertAllFound(String tool, SecretFrames.Exchange<?, ?> e, Set<String> found) {
    Set<String> all = new HashSet<>(e.shown());
    e.hidden().forEach(secret -> all.add(hex(secret)));
    assertEquals(all, found, tool + " " + e.api());
  }

  /** Whether {@code output} holds {@code secret}: as text, base64 or hex, in a tree or in a byte dump. */
  static boolean leaks(String output, byte[] secret) {
    String text = new String(secret, StandardCharsets.UTF_8);
    String hex = HexFormat.of().formatHex(secret);
    return (printable(text) && output.contains(text.strip()))
        || output.contains(Base64.getEncoder().encodeToString(secret))
        || output.replaceAll("\\s", "").contains(hex)
        || dumpedBytes(output).contains(hex);
  }

  private static boolean printable(String text) {
    return text.chars().allMatch(c -> c >= 0x20 && c < 0x7f);
  }

  /** The bytes of explain's dump (text rows or HTML cells) in one string, {@code **} where hidden. */
  private static String dumpedBytes(String output) {
    StringBuilder bytes = new StringBuilder();
    Matcher row = DUMP_ROW.matcher(output);
    while (row.find()) {
      bytes.append(row.group(1).replace(" ", ""));
    }
    Matcher cell = HTML_CELL.matcher(output);
    while (cell.find()) {
      bytes.append(cell.group(1));
    }
    return bytes.toString();
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  private static String decode(SecretFrames.Exchange<?, ?> e, byte[] body, String direction, boolean showSecrets) {
    List<String> args = new ArrayList<>(List.of("decode", "--api", e.api(), "--version", Short.toString(e.version()),
        direction));
    if (showSecrets) {
      args.add("--show-secrets");
    }
    return run(hex(body), args);
  }

  private static String explain(SecretFrames.Exchange<?, ?> e, boolean request, boolean showSecrets, String... more) {
    List<String> args = new ArrayList<>(List.of("explain"));
    if (request) {
      args.add("--request");
    } else {
      args.addAll(List.of("--response", "--api", e.api(), "--version", Short.toString(e.version())));
    }
    if (showSecrets) {
      args.add("--show-secrets");
    }
    args.addAll(List.of(more));
    return run(hex(request ? e.requestFrame(7) : e.responseFrame(7)), args);
  }

  private static String run(String stdin, List<String> args) {
    CliRun run = CliRun.withInput(stdin, args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), args + ": " + run.err());
    return run.out();
  }

  /** The two lines {@code kwire proxy --log} writes for the exchange, against an upstream that answers it. */
  private static List<String> proxyLog(SecretFrames.Exchange<?, ?> e, boolean redact) throws IOException {
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    try (ServerSocket upstream = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread broker = new Thread(() -> answer(upstream, e), "stand-in-broker");
      broker.setDaemon(true);
      broker.start();
      ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0),
              new InetSocketAddress("127.0.0.1", upstream.getLocalPort()))
          .withRedactSecrets(redact).withLog(log::add).withEvents(line -> { });
      try (KwireProxy proxy = KwireProxy.start(config);
          Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.localAddress().getPort())) {
        client.getOutputStream().write(e.requestFrame(7));
        byte[] answer = Frames.readFrame(client.getInputStream(), DecodeOptions.STRICT);
        assertEquals(7, Frames.peekResponse(answer).correlationId());
      }
    }
    // The response line is written before the response goes on to the client.
    return List.copyOf(log);
  }

  /** One connection, one request, its answer. */
  private static void answer(ServerSocket upstream, SecretFrames.Exchange<?, ?> e) {
    try (Socket socket = upstream.accept()) {
      InputStream in = socket.getInputStream();
      byte[] request = Frames.readFrame(in, DecodeOptions.STRICT);
      OutputStream out = socket.getOutputStream();
      out.write(e.responseFrame(Frames.peekRequest(request).correlationId()));
      out.flush();
      in.read(); // until the proxy closes
    } catch (IOException closed) {
      // the test is over
    }
  }
}
