package io.kwire.capture;

import io.kwire.capture.CaptureFiles.Link;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Not a test: kwire-capture's throughput on one core, reading a synthetic capture from memory
 * (docs/capture.md records the figures). Metadata v12 exchanges (a 53-byte request, a 4.5 KB
 * response of 20 topics of 3 partitions) on 8 connections, in 1448-byte segments over Ethernet.
 * Args: [MB of capture, default 200] [file to also write the capture to, for tshark].
 */
public final class CaptureThroughput {
  private CaptureThroughput() {}

  public static void main(String[] args) throws IOException {
    long target = (args.length > 0 ? Long.parseLong(args[0]) : 200) << 20;
    byte[] capture = capture(target);
    if (args.length > 1) {
      Files.write(Path.of(args[1]), capture);
    }
    System.out.printf("capture: %.1f MB%n", capture.length / 1e6);
    for (int round = 0; round < 5; round++) {
      for (String mode : new String[] {"decode only", "ExchangeJson.line", "ExchangeLines"}) {
        long start = System.nanoTime();
        long exchanges = 0;
        ByteCounter sink = new ByteCounter();
        try (CaptureReader reader = CaptureReader.open(new ByteArrayInputStream(capture), CaptureOptions.defaults());
            ExchangeLines lines = new ExchangeLines(sink, ExchangeJson.SAFE)) {
          for (Exchange e = reader.next(); e != null; e = reader.next()) {
            exchanges++;
            if (mode.equals("ExchangeJson.line")) {
              sink.write((ExchangeJson.line(e, ExchangeJson.SAFE) + "\n").getBytes(StandardCharsets.UTF_8));
            } else if (mode.equals("ExchangeLines")) {
              lines.write(e);
            }
          }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("round %d %-17s: %d exchanges, %.2f s, %.1f MB/s, %.0f exchanges/s, %d MB of JSON%n", round,
            mode, exchanges, seconds, capture.length / 1e6 / seconds, exchanges / seconds, sink.bytes / 1_000_000);
      }
    }
  }

  /** A null sink that counts the bytes it is given. */
  private static final class ByteCounter extends OutputStream {
    long bytes;

    @Override
    public void write(int b) {
      bytes++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      bytes += len;
    }
  }

  static byte[] capture(long bytes) {
    List<MetadataResponseBuilder.MetadataResponseTopicBuilder> topics = new ArrayList<>();
    List<io.kwire.messages.MetadataResponse.MetadataResponseTopic> built = new ArrayList<>();
    for (int t = 0; t < 20; t++) {
      List<io.kwire.messages.MetadataResponse.MetadataResponsePartition> partitions = new ArrayList<>();
      for (int p = 0; p < 3; p++) {
        partitions.add(new MetadataResponseBuilder.MetadataResponsePartitionBuilder().partitionIndex(p).leaderId(1)
            .replicaNodes(List.of(1, 2, 3)).isrNodes(List.of(1, 2, 3)).build());
      }
      built.add(new MetadataResponseBuilder.MetadataResponseTopicBuilder().name("topic-" + t).partitions(partitions)
          .build());
    }
    topics.clear();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    List<TcpConversation> connections = new ArrayList<>();
    for (int c = 0; c < 8; c++) {
      connections.add(new TcpConversation("10.0.0." + (c + 1), 50000 + c, "10.0.1.1", 9092, 1_700_000_000_000_000_000L)
          .handshake());
    }
    out.writeBytes(CaptureFiles.pcap(List.of(), Link.ETHERNET, ByteOrder.LITTLE_ENDIAN, false));
    int correlationId = 0;
    while (out.size() < bytes) {
      TcpConversation tcp = connections.get(correlationId % connections.size());
      int from = tcp.packets.size();
      tcp.client(KafkaTraffic.request(MetadataRequestCodec.INSTANCE, 12, correlationId, new MetadataRequestBuilder()
          .topics(null).build()), 1448);
      tcp.broker(KafkaTraffic.response(MetadataResponseCodec.INSTANCE, 12, correlationId, new MetadataResponseBuilder()
          .topics(built).build()), 1448);
      for (TestPacket packet : tcp.packets.subList(from, tcp.packets.size())) {
        out.writeBytes(CaptureFiles.pcapRecord(packet.timeNanos(), Link.ETHERNET.wrap.apply(packet.ip()),
            ByteOrder.LITTLE_ENDIAN, false));
      }
      tcp.packets.clear();
      correlationId++;
    }
    return out.toByteArray();
  }
}
