package io.kwire.e2e.differential;

import io.kwire.e2e.client.Broker;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.CreateTopicsResponseCodec;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorRequestCodec;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseCodec;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.ApiMessageCodec;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

/** The few calls the scenarios share, each at the highest version the client and the target both have. */
final class Calls {
  private Calls() {}

  /** One request, answered; the version is what the target's ApiVersions allow (so the fake's are compared). */
  static <Q, R> R call(KwireClient client, ApiMessageCodec<Q> request, Q body, ApiMessageCodec<R> response) {
    return client.send(request, body, response, null).join();
  }

  /** One request at {@code version}: where a client pins one (transactions v1: see Scenarios#transactionCommitAndAbort). */
  static <Q, R> R callAt(KwireClient client, short version, ApiMessageCodec<Q> request, Q body,
      ApiMessageCodec<R> response) {
    return client.send(request, body, response, version).join();
  }

  /** {@code attempt} every 20 ms until {@code done} (for at most 10 s): on the direct connection only. */
  static <T> T await(java.util.function.Supplier<T> attempt, Predicate<T> done, String what) {
    return Broker.poll(() -> {
      T value = attempt.get();
      return done.test(value) ? value : null;
    }, what);
  }

  /** Creates the topic and waits until every partition is led; its id. */
  static UUID createTopic(KwireClient direct, String name, int partitions) {
    CreateTopicsResponse created = call(direct, CreateTopicsRequestCodec.INSTANCE, new CreateTopicsRequestBuilder()
        .topics(List.of(new CreateTopicsRequestBuilder.CreatableTopicBuilder().name(name).numPartitions(partitions)
            .replicationFactor((short) 1).build()))
        .timeoutMs(30_000).build(), CreateTopicsResponseCodec.INSTANCE);
    if (created.topics().get(0).errorCode() != 0) {
      throw new AssertionError("creating " + name + ": " + created);
    }
    awaitLeaders(direct, name, partitions);
    return created.topics().get(0).topicId();
  }

  static MetadataResponse metadata(KwireClient client, List<String> topics) {
    return call(client, MetadataRequestCodec.INSTANCE, new MetadataRequestBuilder()
        .topics(topics.stream().map(t -> new MetadataRequestBuilder.MetadataRequestTopicBuilder().name(t).build()).toList())
        .allowAutoTopicCreation(false).build(), MetadataResponseCodec.INSTANCE);
  }

  /** Waits until every partition is led and its leader serves it ({@link Broker#awaitServed}). */
  static void awaitLeaders(KwireClient direct, String name, int partitions) {
    await(() -> metadata(direct, List.of(name)).topics().get(0), t -> t.errorCode() == 0
        && t.partitions().size() == partitions && t.partitions().stream().allMatch(p -> p.errorCode() == 0 && p.leaderId() >= 0),
        name + " led");
    Broker.awaitServed(direct, name, partitions);
  }

  static FindCoordinatorResponse findCoordinator(KwireClient client, byte keyType, String key) {
    return call(client, FindCoordinatorRequestCodec.INSTANCE,
        new FindCoordinatorRequestBuilder().keyType(keyType).coordinatorKeys(List.of(key)).build(),
        FindCoordinatorResponseCodec.INSTANCE);
  }

  /** Waits (direct) until the coordinator of {@code key} is found: Kafka creates its internal topic first. */
  static void awaitCoordinator(KwireClient direct, byte keyType, String key) {
    await(() -> findCoordinator(direct, keyType, key), r -> r.coordinators().get(0).errorCode() == 0,
        "the coordinator of " + key);
  }
}
