package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.e2e.client.Broker;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder;
import io.kwire.messages.AddPartitionsToTxnRequestCodec;
import io.kwire.messages.AddPartitionsToTxnResponse;
import io.kwire.messages.AddPartitionsToTxnResponseCodec;
import io.kwire.messages.EndTxnRequestBuilder;
import io.kwire.messages.EndTxnRequestCodec;
import io.kwire.messages.EndTxnResponse;
import io.kwire.messages.EndTxnResponseCodec;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorRequestCodec;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseCodec;
import io.kwire.messages.InitProducerIdRequestBuilder;
import io.kwire.messages.InitProducerIdRequestCodec;
import io.kwire.messages.InitProducerIdResponse;
import io.kwire.messages.InitProducerIdResponseCodec;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.RecordBatchBuilder;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Transactions version 2's EndTxn (v5, KIP-890) rules, the same raw requests sent to the real
 * 4.4.0 broker and to the fake: ending with nothing open (commit, abort), retries of an end with
 * the epoch it bumped (the same outcome and the other one), a stale, a future and a wrong producer
 * id or transactional id, a transaction begun by Produce v12 and one by AddPartitionsToTxn v3, and
 * InitProducerId (v5) in between: retried, stale, with a transaction open (which it fences). Each answer is written down as its error and its producer id and
 * epoch relative to the first InitProducerId's (producer ids differ between clusters); both lists
 * must be equal. Answers Kafka gives only while it is busy (a coordinator loading, markers of the
 * last end still being written) are asked again until another comes, on both targets alike.
 */
class EndTxnV2AgainstKafkaTest {
  private static final short INIT_PRODUCER_ID_V5 = 5;
  private static final short END_TXN_V5 = 5;
  private static final short PRODUCE_V12 = 12;
  private static final short ADD_PARTITIONS_V3 = 3;
  private static final byte TRANSACTION_KEY = 1;
  private static final short NONE = 0;
  /** Kafka's answers while busy: NOT_LEADER_OR_FOLLOWER, COORDINATOR_LOAD_IN_PROGRESS, NOT_COORDINATOR, NOT_ENOUGH_REPLICAS, CONCURRENT_TRANSACTIONS. */
  private static final Set<Short> BUSY = Set.of((short) 6, (short) 14, (short) 16, (short) 19, (short) 51);

  @RegisterExtension
  static final Targets TARGETS = new Targets();

  @Test
  void theFakeEndsVersion2TransactionsAsKafkaDoes() throws Exception {
    String names = "endtxn-v2-" + Long.toHexString(System.nanoTime() & 0xffffff);
    List<Target> targets = TARGETS.both().toList();
    List<String> kafka = run(targets.get(0), names);
    List<String> fake = run(targets.get(1), names);
    // The premise: the broker finalizes transaction.version 2, so that aborting nothing ends at a bumped epoch.
    assertEquals("abort with nothing open: NONE producer epoch+1", kafka.get(2), "Kafka: " + String.join("\n", kafka));
    assertEquals(String.join("\n", kafka), String.join("\n", fake));
  }

  /** The scenario against one target: what each step was answered, in order. */
  private static List<String> run(Target target, String names) throws Exception {
    String topic = names + "-topic", txn = names + "-txn", unknown = names + "-unknown";
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
    }
    InetSocketAddress bootstrap = address(target.bootstrapServers().split(",")[0]);
    try (KwireClient any = KwireClient.builder().clientId("kwire-e2e").connect(bootstrap);
        KwireClient coordinator = KwireClient.builder().clientId("kwire-e2e").connect(coordinator(any, txn));
        KwireClient unknownCoordinator = KwireClient.builder().clientId("kwire-e2e").connect(coordinator(any, unknown));
        KwireClient leader = KwireClient.builder().clientId("kwire-e2e").connect(leader(any, topic))) {
      Broker.awaitServed(leader, topic, 1);
      Steps steps = new Steps();
      InitProducerIdResponse first = steps.init("init", coordinator, txn, -1, (short) -1);
      long pid = first.producerId();
      short e0 = first.producerEpoch();
      steps.base(pid, e0);
      steps.end("commit with nothing open", coordinator, txn, pid, e0, true);
      steps.end("abort with nothing open", coordinator, txn, pid, e0, false);
      steps.end("abort retried at the epoch before", coordinator, txn, pid, e0, false);
      steps.end("commit at the epoch before the abort", coordinator, txn, pid, e0, true);
      steps.end("abort again with nothing open", coordinator, txn, pid, (short) (e0 + 1), false);
      steps.end("abort two epochs behind", coordinator, txn, pid, e0, false);
      steps.end("abort at a future epoch", coordinator, txn, pid, (short) (e0 + 9), false);
      steps.end("abort with a wrong producer id", coordinator, txn, pid + 1_000_000, (short) (e0 + 2), false);
      steps.end("abort of an unknown transactional id", unknownCoordinator, unknown, pid, (short) (e0 + 2), false);

      steps.produce("produce v12 at the current epoch", leader, txn, topic, pid, (short) (e0 + 2));
      steps.end("commit what was produced", coordinator, txn, pid, (short) (e0 + 2), true);
      steps.end("commit retried at the epoch before", coordinator, txn, pid, (short) (e0 + 2), true);
      steps.end("abort at the epoch before the commit", coordinator, txn, pid, (short) (e0 + 2), false);
      steps.end("commit with nothing open after a commit", coordinator, txn, pid, (short) (e0 + 3), true);
      steps.produce("produce v12 at the epoch before", leader, txn, topic, pid, (short) (e0 + 2));

      steps.addPartition("add partition v3 at the epoch before", coordinator, txn, topic, pid, (short) (e0 + 2));
      steps.addPartition("add partition v3 at the current epoch", coordinator, txn, topic, pid, (short) (e0 + 3));
      steps.end("abort at the epoch before while open", coordinator, txn, pid, (short) (e0 + 2), false);
      steps.end("commit the added partition", coordinator, txn, pid, (short) (e0 + 3), true);

      steps.init("init with the current producer id and epoch", coordinator, txn, pid, (short) (e0 + 4));
      steps.end("commit retried after init", coordinator, txn, pid, (short) (e0 + 4), true);
      steps.end("abort with nothing open after init", coordinator, txn, pid, (short) (e0 + 5), false);

      steps.produce("produce v12 before an init", leader, txn, topic, pid, (short) (e0 + 6));
      InitProducerIdResponse reset = steps.init("init while a transaction is open", coordinator, txn, pid, (short) (e0 + 6));
      steps.end("abort at the epoch before that init", coordinator, txn, pid, (short) (e0 + 6), false);
      steps.init("init with an old epoch", coordinator, txn, pid, (short) (e0 + 6));
      steps.init("init with a wrong producer id", coordinator, txn, pid + 1_000_000, reset.producerEpoch());
      steps.init("init without a producer id", coordinator, txn, -1, (short) -1);
      steps.end("abort with nothing open after an init without id", coordinator, txn, pid, (short) (e0 + 8), false);
      steps.init("init at the epoch before that abort", coordinator, txn, pid, (short) (e0 + 8));
      steps.init("init two epochs behind", coordinator, txn, pid, (short) (e0 + 7));
      steps.produce("produce v12 before a stale init", leader, txn, topic, pid, (short) (e0 + 9));
      steps.init("init two epochs behind while open", coordinator, txn, pid, (short) (e0 + 7));
      steps.end("commit after that init", coordinator, txn, pid, (short) (e0 + 9), true);
      steps.end("abort after that init", coordinator, txn, pid, (short) (e0 + 9), false);
      steps.init("init without a producer id at last", coordinator, txn, -1, (short) -1);
      return steps.answers;
    }
  }

  /** Sends the steps and writes down their answers, relative to the first producer id and epoch. */
  private static final class Steps {
    final List<String> answers = new ArrayList<>();
    long basePid = -1;
    short baseEpoch;

    void base(long pid, short epoch) {
      basePid = pid;
      baseEpoch = epoch;
      answers.set(0, answers.get(0).replace("?", "producer epoch+0"));
    }

    InitProducerIdResponse init(String step, KwireClient client, String txn, long pid, short epoch) {
      InitProducerIdResponse r = untilAnswered(() -> Broker.call(client, InitProducerIdRequestCodec.INSTANCE,
          InitProducerIdResponseCodec.INSTANCE, INIT_PRODUCER_ID_V5, new InitProducerIdRequestBuilder()
              .transactionalId(txn).transactionTimeoutMs(60_000).producerId(pid).producerEpoch(epoch).build()),
          InitProducerIdResponse::errorCode, step);
      answers.add(step + ": " + name(r.errorCode()) + " " + (basePid < 0 ? "?" : relative(r.producerId(), r.producerEpoch())));
      return r;
    }

    void end(String step, KwireClient client, String txn, long pid, short epoch, boolean commit) {
      EndTxnResponse r = untilAnswered(() -> Broker.call(client, EndTxnRequestCodec.INSTANCE,
          EndTxnResponseCodec.INSTANCE, END_TXN_V5, new EndTxnRequestBuilder().transactionalId(txn).producerId(pid)
              .producerEpoch(epoch).committed(commit).build()), EndTxnResponse::errorCode, step);
      answers.add(step + ": " + name(r.errorCode()) + " " + relative(r.producerId(), r.producerEpoch()));
    }

    void produce(String step, KwireClient leader, String txn, String topic, long pid, short epoch) {
      short error = untilAnswered(() -> Broker.call(leader, ProduceRequestCodec.INSTANCE, ProduceResponseCodec.INSTANCE,
          PRODUCE_V12, new ProduceRequestBuilder().transactionalId(txn).acks((short) -1).timeoutMs(30_000)
              .topicData(List.of(new ProduceRequestBuilder.TopicProduceDataBuilder().name(topic)
                  .partitionData(List.of(new ProduceRequestBuilder.PartitionProduceDataBuilder().index(0)
                      .records(RecordBatchBuilder.create(0).transactional(true).producer(pid, epoch, 0)
                          .append(1_700_000_000_000L, null, step.getBytes(StandardCharsets.UTF_8)).build())
                      .build()))
                  .build()))
              .build()).responses().get(0).partitionResponses().get(0).errorCode(), e -> e, step);
      answers.add(step + ": " + name(error));
    }

    void addPartition(String step, KwireClient client, String txn, String topic, long pid, short epoch) {
      AddPartitionsToTxnResponse r = untilAnswered(() -> Broker.call(client, AddPartitionsToTxnRequestCodec.INSTANCE,
          AddPartitionsToTxnResponseCodec.INSTANCE, ADD_PARTITIONS_V3, new AddPartitionsToTxnRequestBuilder()
              .v3AndBelowTransactionalId(txn).v3AndBelowProducerId(pid).v3AndBelowProducerEpoch(epoch)
              .v3AndBelowTopics(List.of(new AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTopicBuilder()
                  .name(topic).partitions(List.of(0)).build()))
              .build()),
          a -> a.resultsByTopicV3AndBelow().get(0).resultsByPartition().get(0).partitionErrorCode(), step);
      answers.add(step + ": " + name(r.resultsByTopicV3AndBelow().get(0).resultsByPartition().get(0).partitionErrorCode()));
    }

    /** "producer epoch+n" (the first producer id), "other producer epoch+n", or "-1/-1" as Kafka answers errors. */
    String relative(long pid, short epoch) {
      String who = pid == -1 ? "no producer" : pid == basePid ? "producer" : "other producer";
      return who + " " + (epoch == -1 ? "epoch -1" : "epoch+" + (epoch - baseEpoch));
    }
  }

  /** Asks again while Kafka is busy (coordinator loading, markers being written): no other answer is taken. */
  private static <R> R untilAnswered(Supplier<R> call, java.util.function.ToIntFunction<R> error, String step) {
    return Broker.poll(() -> {
      R response = call.get();
      return BUSY.contains((short) error.applyAsInt(response)) ? null : response;
    }, step + " answered other than busy");
  }

  private static String name(short code) {
    return code == NONE ? "NONE" : org.apache.kafka.common.protocol.Errors.forCode(code).name();
  }

  private static InetSocketAddress coordinator(KwireClient client, String txn) {
    FindCoordinatorResponse.Coordinator found = Broker.poll(() -> {
      FindCoordinatorResponse r = Broker.call(client, FindCoordinatorRequestCodec.INSTANCE,
          FindCoordinatorResponseCodec.INSTANCE, (short) 4, new FindCoordinatorRequestBuilder().keyType(TRANSACTION_KEY)
              .coordinatorKeys(List.of(txn)).build());
      return r.coordinators().get(0).errorCode() == NONE ? r.coordinators().get(0) : null;
    }, "the transaction coordinator of " + txn);
    return new InetSocketAddress(found.host(), found.port());
  }

  private static InetSocketAddress leader(KwireClient client, String topic) {
    return Broker.poll(() -> {
      MetadataResponse r = Broker.call(client, MetadataRequestCodec.INSTANCE, MetadataResponseCodec.INSTANCE, (short) 12,
          new MetadataRequestBuilder().topics(List.of(new MetadataRequestBuilder.MetadataRequestTopicBuilder().name(topic)
              .build())).allowAutoTopicCreation(false).build());
      int leaderId = r.topics().get(0).errorCode() == NONE && !r.topics().get(0).partitions().isEmpty()
          ? r.topics().get(0).partitions().get(0).leaderId() : -1;
      return r.brokers().stream().filter(b -> b.nodeId() == leaderId).findFirst()
          .map(b -> new InetSocketAddress(b.host(), b.port())).orElse(null);
    }, topic + " led");
  }

  private static InetSocketAddress address(String hostAndPort) {
    int colon = hostAndPort.lastIndexOf(':');
    return new InetSocketAddress(hostAndPort.substring(0, colon), Integer.parseInt(hostAndPort.substring(colon + 1)));
  }
}
