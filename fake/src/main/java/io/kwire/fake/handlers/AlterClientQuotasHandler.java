package io.kwire.fake.handlers;

import io.kwire.fake.security.ClientQuotas;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.AlterClientQuotasRequest;
import io.kwire.messages.AlterClientQuotasResponse;
import io.kwire.messages.AlterClientQuotasResponseBuilder;
import io.kwire.messages.AlterClientQuotasResponseBuilder.EntityDataBuilder;
import io.kwire.messages.AlterClientQuotasResponseBuilder.EntryDataBuilder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * AlterClientQuotas: per entry, the entity and every op checked as Kafka's controller checks them
 * (INVALID_REQUEST with its messages: unknown entity types and keys, ip mixed with user or
 * client-id, fractional byte rates), then all ops of the entry applied (unless validateOnly); a
 * removal of a value not set is fine. At most {@link ClientQuotas#MAX_ENTITIES} entities are kept.
 */
public final class AlterClientQuotasHandler implements ApiHandler<AlterClientQuotasRequest, AlterClientQuotasResponse> {
  private final ClientQuotas quotas;

  public AlterClientQuotasHandler(SecurityState security) {
    this.quotas = security.quotas();
  }

  @Override
  public CompletionStage<AlterClientQuotasResponse> handle(AlterClientQuotasRequest request, RequestContext context) {
    List<AlterClientQuotasResponse.EntryData> results = new ArrayList<>();
    for (AlterClientQuotasRequest.EntryData entry : request.entries()) {
      Map<String, String> entity = new HashMap<>();
      List<AlterClientQuotasResponse.EntityData> echoed = new ArrayList<>();
      boolean duplicate = false;
      for (AlterClientQuotasRequest.EntityData e : entry.entity()) {
        duplicate |= entity.containsKey(e.entityType());
        entity.put(e.entityType(), e.entityName());
        echoed.add(new EntityDataBuilder().entityType(e.entityType()).entityName(e.entityName()).build());
      }
      String refusal = QuotaRules.invalidEntity(entity, duplicate);
      for (int i = 0; refusal == null && i < entry.ops().size(); i++) {
        AlterClientQuotasRequest.OpData op = entry.ops().get(i);
        refusal = QuotaRules.invalidValue(entity, op.key(), op.value(), op.remove());
      }
      if (refusal == null && !quotas.hasRoomFor(entity)) {
        refusal = "The fake keeps quotas of at most " + ClientQuotas.MAX_ENTITIES + " entities";
      }
      if (refusal == null && !request.validateOnly()) {
        for (AlterClientQuotasRequest.OpData op : entry.ops()) {
          quotas.set(entity, op.key(), op.remove() ? null : op.value());
        }
      }
      EntryDataBuilder result = new EntryDataBuilder().errorMessage(null).entity(echoed);
      if (refusal != null) {
        result.errorCode(SecurityErrors.INVALID_REQUEST).errorMessage(refusal);
      }
      results.add(result.build());
    }
    return CompletableFuture.completedFuture(new AlterClientQuotasResponseBuilder().entries(results).build());
  }
}
