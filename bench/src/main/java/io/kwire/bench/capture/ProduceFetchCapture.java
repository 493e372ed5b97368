package io.kwire.bench.capture;

import io.kwire.bench.capture.PcapWriter.Flow;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.FetchResponseCodec;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A deterministic capture of Produce and Fetch traffic (fixed seed), written as it is generated:
 * 8 producers (Produce v9, acks=1, 1-3 partitions of one batch of 4-32 records of 100-1000 bytes
 * each) and 8 consumers (Fetch v12, responses of 1-3 partitions of 1-4 such batches) against one
 * broker on port 9092, in 1448-byte segments over Ethernet. Versions tshark 4.0 dissects.
 */
final class ProduceFetchCapture {
  static final int PORT = 9092;
  private static final int CONNECTIONS = 8;
  private static final int BATCHES = 256;
  private static final long START_MICROS = 1_700_000_000_000_000L;

  private ProduceFetchCapture() {}

  /** Writes at least {@code bytes} of capture to {@code file}; returns the exchanges written. */
  static long write(Path file, long bytes) throws IOException {
    SplittableRandom random = new SplittableRandom(28);
    List<Records> batches = batches(random);
    int broker = 0x0a000101;
    List<Flow> producers = new ArrayList<>();
    List<Flow> consumers = new ArrayList<>();
    long time = START_MICROS;
    long exchanges = 0;
    try (PcapWriter pcap = new PcapWriter(new BufferedOutputStream(Files.newOutputStream(file), 1 << 20))) {
      for (int c = 0; c < 2 * CONNECTIONS; c++) {
        Flow client = new Flow(0x0a000001 + c, 40000 + c, broker, PORT, random.nextInt());
        client.reverse = new Flow(broker, PORT, client.sourceIp, client.sourcePort, random.nextInt());
        client.reverse.reverse = client;
        pcap.handshake(client, time);
        (c < CONNECTIONS ? producers : consumers).add(client);
      }
      int correlationId = 0;
      while (pcap.bytes() < bytes) {
        boolean produce = random.nextBoolean();
        Flow client = (produce ? producers : consumers).get(random.nextInt(CONNECTIONS));
        String clientId = (produce ? "producer-" : "consumer-") + (client.sourcePort % CONNECTIONS);
        int partitions = 1 + random.nextInt(3);
        byte[] request;
        byte[] response;
        if (produce) {
          request = Frames.encodeRequest(new RequestHeader(ProduceRequestCodec.INSTANCE.apiKey(), (short) 9,
              correlationId, clientId), ProduceRequestCodec.INSTANCE, produce(random, batches, partitions));
          response = Frames.encodeResponse(new ResponseHeader(correlationId), ProduceResponseCodec.INSTANCE,
              (short) 9, produced(partitions, correlationId));
        } else {
          request = Frames.encodeRequest(new RequestHeader(FetchRequestCodec.INSTANCE.apiKey(), (short) 12,
              correlationId, clientId), FetchRequestCodec.INSTANCE, fetch(partitions, correlationId));
          response = Frames.encodeResponse(new ResponseHeader(correlationId), FetchResponseCodec.INSTANCE,
              (short) 12, fetched(random, batches, partitions, correlationId));
        }
        time += 50 + random.nextInt(200);
        pcap.send(client, time, request);
        time += 200 + random.nextInt(2000);
        pcap.send(client.reverse, time, response);
        correlationId++;
        exchanges++;
      }
    }
    return exchanges;
  }

  /** Uncompressed batches of 4-32 records of 100-1000 bytes (ASCII text, as an application's JSON). */
  private static List<Records> batches(SplittableRandom random) {
    List<Records> batches = new ArrayList<>();
    for (int b = 0; b < BATCHES; b++) {
      RecordBatchBuilder batch = RecordBatchBuilder.create(0).producer(1000 + b, (short) 0, 0);
      int records = 4 + random.nextInt(29);
      for (int r = 0; r < records; r++) {
        byte[] value = new byte[100 + random.nextInt(901)];
        for (int i = 0; i < value.length; i++) {
          value[i] = (byte) ('a' + random.nextInt(26));
        }
        batch.append(START_MICROS / 1000 + r, ("key-" + r).getBytes(java.nio.charset.StandardCharsets.US_ASCII), value);
      }
      batches.add(batch.build());
    }
    return batches;
  }

  private static ProduceRequest produce(SplittableRandom random, List<Records> batches, int partitions) {
    List<ProduceRequest.PartitionProduceData> data = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      data.add(new ProduceRequestBuilder.PartitionProduceDataBuilder().index(p)
          .records(batches.get(random.nextInt(batches.size()))).build());
    }
    return new ProduceRequestBuilder().acks((short) 1).timeoutMs(30_000).topicData(List.of(
        new ProduceRequestBuilder.TopicProduceDataBuilder().name("orders").partitionData(data).build())).build();
  }

  private static ProduceResponse produced(int partitions, int correlationId) {
    List<ProduceResponse.PartitionProduceResponse> data = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      data.add(new ProduceResponseBuilder.PartitionProduceResponseBuilder().index(p).baseOffset(correlationId * 64L)
          .build());
    }
    return new ProduceResponseBuilder().responses(List.of(new ProduceResponseBuilder.TopicProduceResponseBuilder()
        .name("orders").partitionResponses(data).build())).build();
  }

  private static FetchRequest fetch(int partitions, int correlationId) {
    List<FetchRequest.FetchPartition> data = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      data.add(new FetchRequestBuilder.FetchPartitionBuilder().partition(p).fetchOffset(correlationId * 64L)
          .partitionMaxBytes(1 << 20).build());
    }
    return new FetchRequestBuilder().maxWaitMs(500).minBytes(1).maxBytes(50 << 20).topics(List.of(
        new FetchRequestBuilder.FetchTopicBuilder().topic("orders").partitions(data).build())).build();
  }

  private static FetchResponse fetched(SplittableRandom random, List<Records> batches, int partitions,
      int correlationId) {
    List<FetchResponse.PartitionData> data = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      List<Records> parts = new ArrayList<>();
      for (int b = 1 + random.nextInt(4); b > 0; b--) {
        parts.add(batches.get(random.nextInt(batches.size())));
      }
      data.add(new FetchResponseBuilder.PartitionDataBuilder().partitionIndex(p)
          .highWatermark(correlationId * 64L + 1000).records(Records.concat(parts)).build());
    }
    return new FetchResponseBuilder().responses(List.of(new FetchResponseBuilder.FetchableTopicResponseBuilder()
        .topic("orders").partitions(data).build())).build();
  }
}
