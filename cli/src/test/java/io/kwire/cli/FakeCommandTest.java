package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class FakeCommandTest {
  private static final Pattern LISTENING = Pattern.compile(
      "kwire fake listening on (127\\.0\\.0\\.1:\\d+,127\\.0\\.0\\.1:\\d+) \\(2 brokers, cluster id [\\w-]{22}\\)");

  @Test
  void servesAnAdminClientUntilStoppedAndThenFreesItsPorts() throws Exception {
    FakeCommand command = new FakeCommand();
    new CommandLine(command).parseArgs("--listen", "127.0.0.1:0", "--brokers", "2");
    PipedInputStream lines = new PipedInputStream();
    PrintStream out = new PrintStream(new PipedOutputStream(lines), true, StandardCharsets.UTF_8);
    CountDownLatch stop = new CountDownLatch(1);
    Thread serving = new Thread(() -> command.serve(out, stop), "fake-command-test");
    serving.start();
    BufferedReader reader = new BufferedReader(new InputStreamReader(lines, StandardCharsets.UTF_8));
    String line = reader.readLine();
    Matcher m = LISTENING.matcher(line);
    assertTrue(m.matches(), line);
    String bootstrap = m.group(1);
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 8_000);
    p.put(AdminClientConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    try (Admin admin = Admin.create(p)) {
      assertEquals(2, admin.describeCluster().nodes().get().size());
      admin.createTopics(List.of(new NewTopic("from-the-cli", 3, (short) 2))).all().get();
      assertEquals(3, admin.describeTopics(List.of("from-the-cli")).allTopicNames().get().get("from-the-cli")
          .partitions().size());
    }
    stop.countDown();
    serving.join(TimeUnit.SECONDS.toMillis(5));
    assertFalse(serving.isAlive(), "serve returns once stopped");
    out.close();
    assertNull(reader.readLine(), "exactly one line");
    for (String address : bootstrap.split(",")) {
      int port = Integer.parseInt(address.substring(address.indexOf(':') + 1));
      assertFalse(accepts(port), "closed: " + address);
    }
  }

  @Test
  void controlLinesOnStdinStopAndStartBrokers() throws Exception {
    FakeCommand command = new FakeCommand();
    new CommandLine(command).parseArgs("--listen", "127.0.0.1:0", "--brokers", "2", "--control-stdin");
    PipedInputStream lines = new PipedInputStream();
    PrintStream out = new PrintStream(new PipedOutputStream(lines), true, StandardCharsets.UTF_8);
    PipedOutputStream commands = new PipedOutputStream();
    PipedInputStream stdin = new PipedInputStream(commands);
    CountDownLatch stop = new CountDownLatch(1);
    Thread serving = new Thread(() -> command.serve(out, stdin, stop), "fake-command-control-test");
    serving.start();
    BufferedReader reader = new BufferedReader(new InputStreamReader(lines, StandardCharsets.UTF_8));
    Matcher m = LISTENING.matcher(reader.readLine());
    assertTrue(m.matches());
    String second = m.group(1).split(",")[1];
    int port = Integer.parseInt(second.substring(second.indexOf(':') + 1));
    PrintStream send = new PrintStream(commands, true, StandardCharsets.UTF_8);
    send.println("stop 1");
    assertEquals("ok stopped 1", reader.readLine());
    assertFalse(accepts(port), "a stopped broker's port refuses connections");
    send.println("brokers");
    assertEquals("ok 0=" + m.group(1).split(",")[0] + " 1=" + second + "(stopped)", reader.readLine());
    send.println("stop 1");
    assertEquals("error broker 1 is not running", reader.readLine());
    send.println("start 1");
    assertEquals("ok started 1", reader.readLine());
    assertTrue(accepts(port), "the same port again");
    send.println("pause-replication 1");
    assertEquals("ok paused replication of 1", reader.readLine());
    send.println("resume-replication 1");
    assertEquals("ok resumed replication of 1", reader.readLine());
    send.println("pause-replication 7");
    assertEquals("error broker 7 does not exist", reader.readLine());
    send.println("jump");
    assertEquals("error unknown command: jump (stop N, start N, pause-replication N, resume-replication N, add,"
        + " remove N, brokers, fail API CODE [TIMES] [on N],"
        + " delay API MS [on N], drop API [TIMES] [on N], hold API [on N], release [ID], clear [ID], controls)",
        reader.readLine());
    stop.countDown();
    serving.join(TimeUnit.SECONDS.toMillis(5));
    assertFalse(serving.isAlive());
  }

  @Test
  void controlLinesFailHoldAndDelayRequests() throws Exception {
    FakeCommand command = new FakeCommand();
    new CommandLine(command).parseArgs("--listen", "127.0.0.1:0", "--brokers", "2", "--control-stdin");
    PipedInputStream lines = new PipedInputStream();
    PrintStream out = new PrintStream(new PipedOutputStream(lines), true, StandardCharsets.UTF_8);
    PipedOutputStream commands = new PipedOutputStream();
    PipedInputStream stdin = new PipedInputStream(commands);
    CountDownLatch stop = new CountDownLatch(1);
    Thread serving = new Thread(() -> command.serve(out, stdin, stop), "fake-command-requests-test");
    serving.start();
    BufferedReader reader = new BufferedReader(new InputStreamReader(lines, StandardCharsets.UTF_8));
    Matcher m = LISTENING.matcher(reader.readLine());
    assertTrue(m.matches());
    PrintStream send = new PrintStream(commands, true, StandardCharsets.UTF_8);
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, m.group(1));
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 8_000);
    p.put(AdminClientConfig.RETRIES_CONFIG, 0);
    p.put(AdminClientConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    try (Admin admin = Admin.create(p)) {
      send.println("fail CreateTopics INVALID_PARTITIONS 1");
      assertEquals("ok control 1", reader.readLine());
      ExecutionException failed = assertThrows(ExecutionException.class,
          () -> admin.createTopics(List.of(new NewTopic("a", 1, (short) 1))).all().get());
      assertEquals(InvalidPartitionsException.class, failed.getCause().getClass());
      admin.createTopics(List.of(new NewTopic("a", 1, (short) 1))).all().get(); // failed once only
      send.println("controls");
      assertEquals("ok 1=[fail CreateTopics INVALID_PARTITIONS 1] fired=1 done", reader.readLine());

      send.println("hold CreateTopics");
      assertEquals("ok control 2", reader.readLine());
      KafkaFuture<Void> held = admin.createTopics(List.of(new NewTopic("b", 1, (short) 1))).all();
      String listed = "";
      for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
          !listed.endsWith("held=1") && System.nanoTime() < deadline; ) {
        send.println("controls");
        listed = reader.readLine();
      }
      assertEquals("ok 1=[fail CreateTopics INVALID_PARTITIONS 1] fired=1 done 2=[hold CreateTopics] held=1",
          listed);
      assertFalse(held.isDone(), "held by the broker");
      send.println("release 2");
      assertEquals("ok released 1", reader.readLine());
      held.get(5, TimeUnit.SECONDS);
      send.println("clear");
      assertEquals("ok cleared 2", reader.readLine());

      send.println("delay CreateTopics 300 on 0");
      assertEquals("ok control 3", reader.readLine());
      long start = System.nanoTime();
      admin.createTopics(List.of(new NewTopic("c", 1, (short) 1))).all().get();
      long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(tookMs >= 300, "took " + tookMs + " ms"); // the controller, broker 0, answers CreateTopics

      send.println("fail Nope 1");
      assertEquals("error no API is named Nope (see: kwire apis)", reader.readLine());
      send.println("fail Produce");
      assertEquals("error fail takes API CODE [TIMES] [on N]", reader.readLine());
      send.println("fail Produce NO_SUCH_ERROR");
      assertEquals("error no error is named NO_SUCH_ERROR (give its number)", reader.readLine());
      send.println("release 9");
      assertEquals("error no control 9", reader.readLine());
    }
    stop.countDown();
    serving.join(TimeUnit.SECONDS.toMillis(5));
    assertFalse(serving.isAlive());
  }

  @Test
  void aBadAddressOrBrokerCountIsOneLineOnStderr() {
    CliRun address = CliRun.of("fake", "--listen", "127.0.0.1");
    assertEquals(1, address.exitCode());
    assertEquals("kwire: --listen takes HOST:PORT, not '127.0.0.1'\n", address.err().replace("\r\n", "\n"));
    CliRun brokers = CliRun.of("fake", "--listen", "127.0.0.1:0", "--brokers", "0");
    assertEquals(1, brokers.exitCode());
    assertEquals("kwire: --brokers must be at least 1: 0\n", brokers.err().replace("\r\n", "\n"));
  }

  @Test
  void emulatesAKafkaReleaseAndNamesIt() throws Exception {
    FakeCommand command = new FakeCommand();
    new CommandLine(command).parseArgs("--listen", "127.0.0.1:0", "--emulate", "2.8");
    PipedInputStream lines = new PipedInputStream();
    PrintStream out = new PrintStream(new PipedOutputStream(lines), true, StandardCharsets.UTF_8);
    CountDownLatch stop = new CountDownLatch(1);
    Thread serving = new Thread(() -> command.serve(out, stop), "fake-command-emulate-test");
    serving.start();
    String line = new BufferedReader(new InputStreamReader(lines, StandardCharsets.UTF_8)).readLine();
    stop.countDown();
    serving.join(TimeUnit.SECONDS.toMillis(5));
    assertTrue(line.matches("kwire fake listening on 127\\.0\\.0\\.1:\\d+ \\(1 broker, cluster id [\\w-]{22}, as Kafka 2\\.8\\)"),
        line);
  }

  @Test
  void theConnectionCapAndTheIdleTimeoutReachTheBrokers() throws Exception {
    FakeCommand command = new FakeCommand();
    new CommandLine(command).parseArgs("--listen", "127.0.0.1:0", "--max-connections", "1", "--idle-timeout", "300");
    PipedInputStream lines = new PipedInputStream();
    PrintStream out = new PrintStream(new PipedOutputStream(lines), true, StandardCharsets.UTF_8);
    CountDownLatch stop = new CountDownLatch(1);
    Thread serving = new Thread(() -> command.serve(out, stop), "fake-command-limits-test");
    serving.start();
    try {
      String line = new BufferedReader(new InputStreamReader(lines, StandardCharsets.UTF_8)).readLine();
      Matcher m = Pattern.compile("kwire fake listening on 127\\.0\\.0\\.1:(\\d+) .*").matcher(line);
      assertTrue(m.matches(), line);
      InetSocketAddress broker = new InetSocketAddress("127.0.0.1", Integer.parseInt(m.group(1)));
      try (Socket first = new Socket(); Socket second = new Socket()) {
        first.connect(broker, 1000);
        first.setSoTimeout(5_000);
        second.connect(broker, 1000);
        second.setSoTimeout(5_000);
        long start = System.nanoTime();
        assertEquals(-1, second.getInputStream().read(), "the second connection is over the cap of 1");
        assertEquals(-1, first.getInputStream().read(), "the first is closed once idle for 300 ms");
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(waited >= 200 && waited < 4_000, waited + " ms"); // not the 10 min default
      }
    } finally {
      stop.countDown();
      serving.join(TimeUnit.SECONDS.toMillis(5));
    }
  }

  @Test
  void anUnknownReleaseIsOneLineOnStderr() {
    CliRun run = CliRun.of("fake", "--listen", "127.0.0.1:0", "--emulate", "2.7");
    assertEquals(1, run.exitCode());
    assertEquals("kwire: --emulate: no Kafka release 2.7 to emulate (known: 2.8, 3.0, 3.1, 3.2, 3.3, 3.4, 3.5, 3.6,"
        + " 3.7, 3.8, 3.9, 4.0, 4.1, 4.2, 4.3, 4.4)\n", run.err().replace("\r\n", "\n"));
  }

  @Test
  void aTakenPortIsOneLineOnStderr() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CliRun run = CliRun.of("fake", "--listen", "127.0.0.1:" + taken.getLocalPort());
      assertEquals(1, run.exitCode());
      String expected = "kwire: cannot start the fake cluster on 127.0.0.1:" + taken.getLocalPort() + ": ";
      assertTrue(run.err().startsWith(expected), run.err());
    }
  }

  private static boolean accepts(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
