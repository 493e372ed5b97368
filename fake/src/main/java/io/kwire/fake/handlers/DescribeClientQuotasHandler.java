package io.kwire.fake.handlers;

import io.kwire.fake.security.ClientQuotas;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.DescribeClientQuotasRequest;
import io.kwire.messages.DescribeClientQuotasResponse;
import io.kwire.messages.DescribeClientQuotasResponseBuilder;
import io.kwire.messages.DescribeClientQuotasResponseBuilder.EntityDataBuilder;
import io.kwire.messages.DescribeClientQuotasResponseBuilder.EntryDataBuilder;
import io.kwire.messages.DescribeClientQuotasResponseBuilder.ValueDataBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeClientQuotas: the entities the filter's components match, as Kafka's quota image does
 * it: EXACT (0) a name, DEFAULT (1) the type's default, SPECIFIED (2) any name but the default;
 * {@code strict} only entities of exactly the filter's types. Kafka's refusals: INVALID_REQUEST
 * for a type named twice, a match string where there must be none and the reverse, an unknown
 * match type, ip mixed with user or client-id; UNSUPPORTED_VERSION for an unknown entity type.
 */
public final class DescribeClientQuotasHandler
    implements ApiHandler<DescribeClientQuotasRequest, DescribeClientQuotasResponse> {
  private static final byte EXACT = 0;
  private static final byte DEFAULT = 1;
  private static final byte SPECIFIED = 2;

  private final ClientQuotas quotas;

  public DescribeClientQuotasHandler(SecurityState security) {
    this.quotas = security.quotas();
  }

  @Override
  public CompletionStage<DescribeClientQuotasResponse> handle(DescribeClientQuotasRequest request,
      RequestContext context) {
    Map<String, String> exact = new HashMap<>();
    Set<String> specified = new HashSet<>();
    for (DescribeClientQuotasRequest.ComponentData c : request.components()) {
      String type = c.entityType();
      String refusal = null;
      short code = SecurityErrors.INVALID_REQUEST;
      if (type.isEmpty()) {
        refusal = "Invalid empty entity type.";
      } else if (exact.containsKey(type) || specified.contains(type)) {
        refusal = "Entity type " + type + " cannot appear more than once in the filter.";
      } else if (!type.equals(ClientQuotas.USER) && !type.equals(ClientQuotas.CLIENT_ID) && !type.equals(ClientQuotas.IP)) {
        refusal = "Unsupported entity type " + type;
        code = SecurityErrors.UNSUPPORTED_VERSION;
      } else if (c.matchType() == EXACT) {
        refusal = c.match() == null ? "Request specified MATCH_TYPE_EXACT, but set match string to null." : null;
        exact.put(type, c.match());
      } else if (c.matchType() == DEFAULT) {
        refusal = c.match() != null ? "Request specified MATCH_TYPE_DEFAULT, but also specified a match string." : null;
        exact.put(type, null);
      } else if (c.matchType() == SPECIFIED) {
        refusal = c.match() != null ? "Request specified MATCH_TYPE_SPECIFIED, but also specified a match string." : null;
        specified.add(type);
      } else {
        refusal = "Unknown match type " + c.matchType();
      }
      if (refusal != null) {
        return refuse(code, refusal);
      }
    }
    boolean ip = exact.containsKey(ClientQuotas.IP) || specified.contains(ClientQuotas.IP);
    boolean client = exact.containsKey(ClientQuotas.USER) || specified.contains(ClientQuotas.USER)
        || exact.containsKey(ClientQuotas.CLIENT_ID) || specified.contains(ClientQuotas.CLIENT_ID);
    if (ip && client) {
      return refuse(SecurityErrors.INVALID_REQUEST, "Invalid entity filter component combination. IP filter "
          + "component should not be used with user or clientId filter component.");
    }
    List<DescribeClientQuotasResponse.EntryData> entries = new ArrayList<>();
    quotas.all().forEach((entity, values) -> {
      if (matches(entity, exact, specified, request.strict())) {
        List<DescribeClientQuotasResponse.EntityData> entityData = new ArrayList<>();
        entity.forEach((type, name) -> entityData.add(new EntityDataBuilder().entityType(type).entityName(name).build()));
        List<DescribeClientQuotasResponse.ValueData> valueData = new ArrayList<>();
        values.forEach((key, value) -> valueData.add(new ValueDataBuilder().key(key).value(value).build()));
        entries.add(new EntryDataBuilder().entity(entityData).values(valueData).build());
      }
    });
    return CompletableFuture.completedFuture(new DescribeClientQuotasResponseBuilder().errorMessage(null).entries(entries).build());
  }

  private static boolean matches(Map<String, String> entity, Map<String, String> exact, Set<String> specified,
      boolean strict) {
    if (strict && entity.size() != exact.size() + specified.size()) {
      return false;
    }
    for (Map.Entry<String, String> e : exact.entrySet()) {
      if (!entity.containsKey(e.getKey()) || !Objects.equals(entity.get(e.getKey()), e.getValue())) {
        return false;
      }
    }
    for (String type : specified) {
      if (entity.get(type) == null) {
        return false;
      }
    }
    return true;
  }

  private static CompletionStage<DescribeClientQuotasResponse> refuse(short code, String message) {
    return CompletableFuture.completedFuture(new DescribeClientQuotasResponseBuilder().errorCode(code)
        .errorMessage(message).entries(null).build());
  }
}
