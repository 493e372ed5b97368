package io.kwire.proxy.filters;

import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterRegistry;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A produce policy: every record must carry a header of the configured name. A partition whose
 * records include one without it is refused as a broker refuses records it will not append: that
 * partition's response has {@code INVALID_RECORD} (87, or {@code POLICY_VIOLATION}, 44, when so
 * configured), the index of the first offending record and a message; the other partitions of the
 * request go to the broker and are appended. A request with nothing left is answered by the proxy.
 * kafka-clients fails such a send with {@code InvalidRecordException} ({@code PolicyViolationException}),
 * not retried. Only Produce is decoded for it, and its record batches (decompressed when compressed).
 */
public final class RequireHeaderFilter implements Filter {
  /** Kafka's INVALID_RECORD. */
  public static final short INVALID_RECORD = 87;
  /** Kafka's POLICY_VIOLATION. */
  public static final short POLICY_VIOLATION = 44;

  private final String header;
  private final short errorCode;

  public RequireHeaderFilter(String header, short errorCode) {
    this.header = Objects.requireNonNull(header, "header");
    this.errorCode = errorCode;
  }

  @Override
  public void register(FilterRegistry registry) {
    // The refused partitions of this connection's requests in flight, by correlation id, to merge into their responses.
    Map<Integer, List<ProduceResponse.TopicProduceResponse>> refused = new ConcurrentHashMap<>();
    registry.onRequest(ProduceRequest.class, (request, context) -> {
      List<ProduceRequest.TopicProduceData> kept = new ArrayList<>();
      List<ProduceResponse.TopicProduceResponse> errors = new ArrayList<>();
      for (ProduceRequest.TopicProduceData topic : request.topicData()) {
        split(topic, kept, errors);
      }
      if (errors.isEmpty()) {
        return RequestResult.forward(request);
      }
      if (kept.isEmpty()) {
        return RequestResult.respond(new ProduceResponseBuilder().responses(errors).build());
      }
      if (request.acks() != 0) {
        refused.put(context.correlationId(), errors);
      }
      return RequestResult.forward(new ProduceRequestBuilder(request).topicData(kept).build());
    });
    registry.onResponse(ProduceResponse.class, (response, context) -> {
      List<ProduceResponse.TopicProduceResponse> errors = refused.remove(context.correlationId());
      if (errors == null) {
        return CompletableFuture.completedStage(response);
      }
      List<ProduceResponse.TopicProduceResponse> all = new ArrayList<>(response.responses());
      all.addAll(errors);
      return CompletableFuture.completedStage(new ProduceResponseBuilder(response).responses(all).build());
    });
  }

  /** The topic's partitions that pass into {@code kept}, the refused ones' answers into {@code errors}. */
  private void split(ProduceRequest.TopicProduceData topic, List<ProduceRequest.TopicProduceData> kept,
      List<ProduceResponse.TopicProduceResponse> errors) {
    List<ProduceRequest.PartitionProduceData> pass = new ArrayList<>();
    List<ProduceResponse.PartitionProduceResponse> fail = new ArrayList<>();
    for (ProduceRequest.PartitionProduceData partition : topic.partitionData()) {
      int offending = firstWithout(partition.records());
      if (offending < 0) {
        pass.add(partition);
        continue;
      }
      String message = "record " + offending + " has no header '" + header + "'";
      fail.add(new ProduceResponseBuilder.PartitionProduceResponseBuilder().index(partition.index())
          .errorCode(errorCode).baseOffset(-1)
          .recordErrors(List.of(new ProduceResponseBuilder.BatchIndexAndErrorMessageBuilder()
              .batchIndex(offending).batchIndexErrorMessage(message).build()))
          .errorMessage(message).build());
    }
    if (!pass.isEmpty()) {
      kept.add(new ProduceRequestBuilder.TopicProduceDataBuilder(topic).partitionData(pass).build());
    }
    if (!fail.isEmpty()) {
      errors.add(new ProduceResponseBuilder.TopicProduceResponseBuilder().name(topic.name()).topicId(topic.topicId())
          .partitionResponses(fail).build());
    }
  }

  /** The index (in the partition's record set) of the first record lacking the header, or -1. */
  private int firstWithout(Records records) {
    if (records == null) {
      return -1;
    }
    int index = 0;
    for (RecordBatch batch : records.batches()) {
      for (KafkaRecord record : batch) {
        if (!has(record)) {
          return index;
        }
        index++;
      }
    }
    return -1;
  }

  private boolean has(KafkaRecord record) {
    for (Header h : record.headers()) {
      if (h.key().equals(header)) {
        return true;
      }
    }
    return false;
  }
}
