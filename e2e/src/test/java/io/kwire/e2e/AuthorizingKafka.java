package io.kwire.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.network.ListenerName;

/**
 * A real Kafka 4.4.0 broker (KRaft, combined mode) with StandardAuthorizer, for comparing the fake's
 * ACL enforcement with Kafka's: clients on a SASL_PLAINTEXT listener with PLAIN users {@code admin}
 * (a super user), {@code alice} and {@code bob} (passwords: the name + "-secret");
 * {@code allow.everyone.if.no.acl.found} off. The shared broker ({@link EmbeddedKafka}) has no
 * authorizer, so that the other tests are not affected; this one is started per test class.
 */
public final class AuthorizingKafka implements AutoCloseable {
  private final Path logDir;
  private final KafkaRaftServer server;
  private final int port;

  public AuthorizingKafka() throws IOException {
    logDir = Files.createTempDirectory("kwire-e2e-authz");
    int controllerPort = KafkaRaftServers.freePort();
    Properties props = new Properties();
    props.putAll(Map.ofEntries(
        Map.entry("process.roles", "broker,controller"),
        Map.entry("node.id", "1"),
        Map.entry("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort),
        Map.entry("listeners", "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:"
            + controllerPort),
        Map.entry("controller.listener.names", "CONTROLLER"),
        Map.entry("inter.broker.listener.name", "PLAINTEXT"),
        Map.entry("listener.security.protocol.map",
            "PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT"),
        Map.entry("listener.name.sasl_plaintext.sasl.enabled.mechanisms", "PLAIN"),
        Map.entry("listener.name.sasl_plaintext.plain.sasl.jaas.config",
            "org.apache.kafka.common.security.plain.PlainLoginModule required user_admin=\"admin-secret\" "
                + "user_alice=\"alice-secret\" user_bob=\"bob-secret\";"),
        Map.entry("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer"),
        // the broker itself and its controller connect over PLAINTEXT, as ANONYMOUS
        Map.entry("super.users", "User:admin;User:ANONYMOUS"),
        Map.entry("log.dirs", logDir.toString()),
        Map.entry("num.partitions", "1"),
        Map.entry("offsets.topic.replication.factor", "1"),
        Map.entry("offsets.topic.num.partitions", "1"),
        Map.entry("transaction.state.log.replication.factor", "1"),
        Map.entry("transaction.state.log.min.isr", "1"),
        Map.entry("transaction.state.log.num.partitions", "1"),
        Map.entry("share.coordinator.state.topic.replication.factor", "1"),
        Map.entry("share.coordinator.state.topic.min.isr", "1"),
        Map.entry("group.initial.rebalance.delay.ms", "0"),
        Map.entry("broker.heartbeat.interval.ms", "500"),
        Map.entry("broker.session.timeout.ms", "3000"),
        Map.entry("controlled.shutdown.enable", "false")));
    KafkaRaftServers.format(props, logDir.resolveSibling(logDir.getFileName() + ".properties"),
        Uuid.randomUuid().toString(), true, "authorizing broker");
    server = KafkaRaftServers.startup(props);
    port = KafkaRaftServers.broker(server).boundPort(ListenerName.normalised("SASL_PLAINTEXT"));
    int plaintext = KafkaRaftServers.broker(server).boundPort(ListenerName.normalised("PLAINTEXT"));
    KafkaRaftServers.awaitReady("127.0.0.1:" + plaintext, "authorizing broker");
  }

  /** The SASL_PLAINTEXT listener, for {@code bootstrap.servers}. */
  public String bootstrapServers() {
    return "127.0.0.1:" + port;
  }

  @Override
  public void close() {
    server.shutdown();
    server.awaitShutdown();
    KafkaRaftServers.deleteRecursively(logDir);
  }
}
