package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeCluster;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterClientQuotasOptions;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.apache.kafka.common.quota.ClientQuotaFilter;
import org.apache.kafka.common.quota.ClientQuotaFilterComponent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** AdminClient's client quota API against the fake: user, client-id and ip entities and their defaults. */
class ClientQuotasTest {
  private static final ClientQuotaEntity ALICE = entity("user", "alice");
  private static final ClientQuotaEntity ALICE_APP = entity("user", "alice", "client-id", "app");
  private static final ClientQuotaEntity DEFAULT_USER = entity("user", null);
  private static final ClientQuotaEntity DEFAULT_CLIENT = entity("client-id", null);
  private static final ClientQuotaEntity AN_IP = entity("ip", "10.0.0.1");

  private FakeCluster cluster;
  private Admin admin;

  @BeforeEach
  void start() throws Exception {
    cluster = FakeCluster.start();
    admin = Admin.create(ClientConfigs.admin(cluster));
    admin.alterClientQuotas(List.of(
        set(ALICE, "producer_byte_rate", 1024.0, "consumer_byte_rate", 2048.0),
        set(ALICE_APP, "request_percentage", 50.5),
        set(DEFAULT_USER, "producer_byte_rate", 100.0),
        set(DEFAULT_CLIENT, "controller_mutation_rate", 10.0),
        set(AN_IP, "connection_creation_rate", 5.0))).all().get();
  }

  @AfterEach
  void stop() {
    admin.close();
    cluster.close();
  }

  private static ClientQuotaEntity entity(String... typeAndName) {
    Map<String, String> entries = new HashMap<>();
    for (int i = 0; i < typeAndName.length; i += 2) {
      entries.put(typeAndName[i], typeAndName[i + 1]);
    }
    return new ClientQuotaEntity(entries);
  }

  private static ClientQuotaAlteration set(ClientQuotaEntity entity, Object... keyAndValue) {
    List<ClientQuotaAlteration.Op> ops = new java.util.ArrayList<>();
    for (int i = 0; i < keyAndValue.length; i += 2) {
      ops.add(new ClientQuotaAlteration.Op((String) keyAndValue[i], (Double) keyAndValue[i + 1]));
    }
    return new ClientQuotaAlteration(entity, ops);
  }

  private Map<ClientQuotaEntity, Map<String, Double>> describe(ClientQuotaFilter filter) throws Exception {
    return admin.describeClientQuotas(filter).entities().get();
  }

  @Test
  void describesWhatTheFilterMatches() throws Exception {
    assertEquals(Map.of(ALICE, Map.of("producer_byte_rate", 1024.0, "consumer_byte_rate", 2048.0),
        ALICE_APP, Map.of("request_percentage", 50.5), DEFAULT_USER, Map.of("producer_byte_rate", 100.0),
        DEFAULT_CLIENT, Map.of("controller_mutation_rate", 10.0), AN_IP, Map.of("connection_creation_rate", 5.0)),
        describe(ClientQuotaFilter.all()));
    assertEquals(Map.of(ALICE, Map.of("producer_byte_rate", 1024.0, "consumer_byte_rate", 2048.0),
        ALICE_APP, Map.of("request_percentage", 50.5)),
        describe(ClientQuotaFilter.contains(List.of(ClientQuotaFilterComponent.ofEntity("user", "alice")))));
    assertEquals(Map.of(ALICE, Map.of("producer_byte_rate", 1024.0, "consumer_byte_rate", 2048.0)),
        describe(ClientQuotaFilter.containsOnly(List.of(ClientQuotaFilterComponent.ofEntity("user", "alice")))));
    assertEquals(Map.of(DEFAULT_USER, Map.of("producer_byte_rate", 100.0)),
        describe(ClientQuotaFilter.contains(List.of(ClientQuotaFilterComponent.ofDefaultEntity("user")))));
    assertEquals(Map.of(ALICE_APP, Map.of("request_percentage", 50.5)),
        describe(ClientQuotaFilter.contains(List.of(ClientQuotaFilterComponent.ofEntityType("client-id")))));
  }

  @Test
  void removesValuesAndValidatesOnly() throws Exception {
    admin.alterClientQuotas(List.of(new ClientQuotaAlteration(ALICE,
        List.of(new ClientQuotaAlteration.Op("producer_byte_rate", null))))).all().get();
    admin.alterClientQuotas(List.of(set(ALICE, "consumer_byte_rate", 1.0)),
        new AlterClientQuotasOptions().validateOnly(true)).all().get();
    admin.alterClientQuotas(List.of(new ClientQuotaAlteration(AN_IP,
        List.of(new ClientQuotaAlteration.Op("connection_creation_rate", null))))).all().get();
    Map<ClientQuotaEntity, Map<String, Double>> all = describe(ClientQuotaFilter.all());
    assertEquals(Map.of("consumer_byte_rate", 2048.0), all.get(ALICE));
    assertEquals(null, all.get(AN_IP), "an entity without values is gone");
  }

  @Test
  void refusesAsKafkaDoes() {
    assertEquals("Invalid configuration key producer_byte_rate", refusal(set(AN_IP, "producer_byte_rate", 1.0)));
    assertEquals("Invalid configuration key bogus", refusal(set(ALICE, "bogus", 1.0)));
    assertEquals("Invalid quota entity combination, IP entity shouldnot be combined with User or ClientId",
        refusal(set(entity("user", "a", "ip", "10.0.0.2"), "producer_byte_rate", 1.0)));
    assertEquals("Unhandled client quota entity type: tenant", refusal(set(entity("tenant", "t"), "request_percentage", 1.0)));
    assertEquals("producer_byte_rate cannot be a fractional value.",
        refusal(set(ALICE, "producer_byte_rate", 1.5)));
    ExecutionException e = assertThrows(ExecutionException.class, () -> describe(ClientQuotaFilter.contains(List.of(
        ClientQuotaFilterComponent.ofEntity("ip", "10.0.0.1"), ClientQuotaFilterComponent.ofEntity("user", "a")))));
    assertInstanceOf(InvalidRequestException.class, e.getCause());
  }

  private String refusal(ClientQuotaAlteration alteration) {
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> admin.alterClientQuotas(List.of(alteration)).all().get());
    assertInstanceOf(InvalidRequestException.class, e.getCause());
    return e.getCause().getMessage();
  }
}
