package io.kwire.capture;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a packet capture and hands out the Kafka exchanges in it, one request and its response at a
 * time, in the order the responses completed:
 *
 * <pre>{@code
 * try (CaptureReader capture = CaptureReader.open(Path.of("kafka.pcap"), CaptureOptions.defaults())) {
 *   for (Exchange exchange = capture.next(); exchange != null; exchange = capture.next()) {
 *     System.out.println(exchange.api() + " v" + exchange.version() + " " + exchange.latency());
 *   }
 * }
 * }</pre>
 *
 * <p>Formats: pcap (either byte order, micro- or nanosecond timestamps) and pcapng, gzip-compressed
 * or not. The reader is JDK-only code that treats the capture as hostile: what it holds between
 * packets is bounded by {@link CaptureLimits} whatever the capture's length or claims, and what it
 * cannot read is reported to {@link CaptureOptions#issues()} while it reads on. Not thread-safe.
 */
public final class CaptureReader implements AutoCloseable {
  private final CaptureInput input;
  private final PacketReader packets;
  private final PacketDecoder decoder;
  private final CaptureContext context;
  private final ConnectionTable connections;
  private final CaptureStats stats = new CaptureStats();
  private boolean ended;

  private CaptureReader(CaptureInput input, PacketReader packets, CaptureContext context) {
    this.input = input;
    this.packets = packets;
    this.context = context;
    this.decoder = new PacketDecoder(context.issues);
    this.connections = new ConnectionTable(context);
  }

  /** Opens a capture file. */
  public static CaptureReader open(Path file, CaptureOptions options) throws IOException {
    InputStream in = Files.newInputStream(file);
    try {
      return open(in, options);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /**
   * Reads a capture from a stream (a file, stdin: {@code tcpdump -w - | ...}); closing the reader
   * closes it.
   *
   * @throws CaptureException if the stream does not start with a pcap or pcapng header
   */
  public static CaptureReader open(InputStream in, CaptureOptions options) throws IOException {
    CaptureStats counting = new CaptureStats();
    IssueSink issues = issue -> {
      counting.count(issue);
      options.issues().accept(issue);
    };
    CaptureContext context = new CaptureContext(options, issues);
    CaptureInput input = CaptureInput.open(in);
    byte[] magic = new byte[4];
    int n = input.read(magic, 0, 4);
    if (n < 4) {
      throw new CaptureException(new CaptureIssue(CaptureIssue.Kind.TRUNCATED, n == 0 ? "the capture is empty"
          : "the capture ends inside its first 4 bytes", 0, 0, null));
    }
    int big = Bytes.i32(magic, 0);
    PacketReader packets;
    if (big == PcapngReader.SECTION_HEADER) {
      packets = PcapngReader.open(input, magic, options.limits(), issues);
    } else if (big == PcapReader.MICROS_MAGIC || big == PcapReader.NANOS_MAGIC
        || Integer.reverseBytes(big) == PcapReader.MICROS_MAGIC || Integer.reverseBytes(big) == PcapReader.NANOS_MAGIC) {
      packets = PcapReader.open(input, magic, options.limits(), issues);
    } else {
      throw new CaptureException(new CaptureIssue(CaptureIssue.Kind.CORRUPT_BLOCK, String.format(
          "not a pcap or pcapng capture (it starts with %08x; tcpdump -w writes pcap)", big), 0, 0, null));
    }
    CaptureReader reader = new CaptureReader(input, packets, context);
    reader.stats.adopt(counting);
    return reader;
  }

  /** The next exchange, or null when the capture has no more. */
  public Exchange next() throws IOException {
    while (context.ready.isEmpty() && !ended) {
      Packet packet = packets.next();
      if (packet == null) {
        ended = true;
        connections.finishAll();
        break;
      }
      stats.packets++;
      TcpSegment segment = decoder.decode(packet);
      if (segment != null) {
        stats.segments++;
        connections.accept(segment);
      }
    }
    Exchange exchange = context.ready.poll();
    if (exchange != null) {
      stats.exchanges++;
    }
    return exchange;
  }

  /** What was read so far: packets, connections, issues by kind, and the bytes held. */
  public CaptureStats stats() {
    stats.connections = connections.followed();
    stats.bytesHeld = context.budget.total();
    stats.peakBytesHeld = context.budget.peak();
    return stats;
  }

  @Override
  public void close() throws IOException {
    input.close();
  }
}
