package io.kwire.fake.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kwire.fake.handlers.AlterClientQuotasHandler;
import io.kwire.fake.handlers.AlterUserScramCredentialsHandler;
import io.kwire.fake.handlers.CreateAclsHandler;
import io.kwire.fake.handlers.DeleteAclsHandler;
import io.kwire.fake.handlers.DescribeAclsHandler;
import io.kwire.fake.handlers.RequestContext;
import io.kwire.fake.security.AclCodes;
import io.kwire.fake.security.AclStore;
import io.kwire.fake.security.ClientQuotas;
import io.kwire.fake.security.ScramUsers;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.AlterClientQuotasRequest;
import io.kwire.messages.AlterClientQuotasRequestBuilder;
import io.kwire.messages.AlterClientQuotasResponse;
import io.kwire.messages.AlterUserScramCredentialsRequest;
import io.kwire.messages.AlterUserScramCredentialsRequestBuilder;
import io.kwire.messages.AlterUserScramCredentialsResponse;
import io.kwire.messages.CreateAclsRequest;
import io.kwire.messages.CreateAclsRequestBuilder;
import io.kwire.messages.CreateAclsResponse;
import io.kwire.messages.DeleteAclsRequest;
import io.kwire.messages.DeleteAclsRequestBuilder;
import io.kwire.messages.DeleteAclsResponse;
import io.kwire.messages.DescribeAclsRequestBuilder;
import io.kwire.messages.DescribeAclsResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Requests that ask the fake to keep or scan without bound: past its caps (100,000 ACLs, 1,000
 * DeleteAcls filters per request, 10,000 quota entities, 10,000 SCRAM credentials) it refuses with
 * INVALID_REQUEST or UNACCEPTABLE_CREDENTIAL and keeps what it had.
 */
class SecurityCapsTest {
  private static final RequestContext CONTEXT = new RequestContext(0, (short) 3, "hostile", "/127.0.0.1");
  private final SecurityState security = new SecurityState(Set.of(), false);

  private static CreateAclsRequest.AclCreation acl(int i) {
    return new CreateAclsRequestBuilder.AclCreationBuilder().resourceType(AclCodes.TOPIC).resourceName("t" + i)
        .resourcePatternType(AclCodes.LITERAL).principal("User:u").host("*").operation(AclCodes.READ)
        .permissionType(AclCodes.ALLOW).build();
  }

  @Test
  void aclsPastTheCapAreRefusedOneByOne() {
    List<CreateAclsRequest.AclCreation> creations = new ArrayList<>();
    for (int i = 0; i < AclStore.MAX_ACLS + 2; i++) {
      creations.add(acl(i));
    }
    CreateAclsResponse response = new CreateAclsHandler(security).handle(
        new CreateAclsRequestBuilder().creations(creations).build(), CONTEXT).toCompletableFuture().join();
    assertEquals(0, response.results().get(AclStore.MAX_ACLS - 1).errorCode());
    assertEquals(42, response.results().get(AclStore.MAX_ACLS).errorCode());
    assertEquals("The fake keeps at most 100000 ACLs", response.results().get(AclStore.MAX_ACLS + 1).errorMessage());
    assertEquals(AclStore.MAX_ACLS, security.acls().size());
    // an ACL already there is still accepted again
    CreateAclsResponse again = new CreateAclsHandler(security).handle(
        new CreateAclsRequestBuilder().creations(List.of(acl(0))).build(), CONTEXT).toCompletableFuture().join();
    assertEquals(0, again.results().get(0).errorCode());
    DescribeAclsResponse all = new DescribeAclsHandler(security).handle(new DescribeAclsRequestBuilder()
        .resourceTypeFilter(AclCodes.ANY).resourceNameFilter(null).patternTypeFilter(AclCodes.ANY)
        .principalFilter(null).hostFilter(null).operation(AclCodes.ANY).permissionType(AclCodes.ANY).build(), CONTEXT).toCompletableFuture().join();
    assertEquals(AclStore.MAX_ACLS, all.resources().size());
  }

  @Test
  void deleteAclsRunsAtMostAThousandFilters() {
    List<DeleteAclsRequest.DeleteAclsFilter> filters = new ArrayList<>();
    for (int i = 0; i < DeleteAclsHandler.MAX_FILTERS + 1; i++) {
      filters.add(new DeleteAclsRequestBuilder.DeleteAclsFilterBuilder().resourceTypeFilter(AclCodes.ANY)
          .patternTypeFilter(AclCodes.ANY).operation(AclCodes.ANY).permissionType(AclCodes.ANY).build());
    }
    DeleteAclsResponse response = new DeleteAclsHandler(security).handle(
        new DeleteAclsRequestBuilder().filters(filters).build(), CONTEXT).toCompletableFuture().join();
    assertEquals(DeleteAclsHandler.MAX_FILTERS + 1, response.filterResults().size());
    assertEquals(0, response.filterResults().get(DeleteAclsHandler.MAX_FILTERS - 1).errorCode());
    assertEquals(42, response.filterResults().get(DeleteAclsHandler.MAX_FILTERS).errorCode());
    assertEquals("The fake runs at most 1000 filters of a request",
        response.filterResults().get(DeleteAclsHandler.MAX_FILTERS).errorMessage());
  }

  @Test
  void quotaEntitiesPastTheCapAreRefused() {
    List<AlterClientQuotasRequest.EntryData> entries = new ArrayList<>();
    for (int i = 0; i < ClientQuotas.MAX_ENTITIES + 1; i++) {
      entries.add(new AlterClientQuotasRequestBuilder.EntryDataBuilder()
          .entity(List.of(new AlterClientQuotasRequestBuilder.EntityDataBuilder().entityType("user")
              .entityName("u" + i).build()))
          .ops(List.of(new AlterClientQuotasRequestBuilder.OpDataBuilder().key("producer_byte_rate").value(1).build()))
          .build());
    }
    AlterClientQuotasResponse response = new AlterClientQuotasHandler(security).handle(
        new AlterClientQuotasRequestBuilder().entries(entries).build(), CONTEXT).toCompletableFuture().join();
    assertNull(response.entries().get(ClientQuotas.MAX_ENTITIES - 1).errorMessage());
    assertEquals("The fake keeps quotas of at most 10000 entities",
        response.entries().get(ClientQuotas.MAX_ENTITIES).errorMessage());
    assertEquals(ClientQuotas.MAX_ENTITIES, security.quotas().all().size());
  }

  @Test
  void scramCredentialsPastTheCapAreRefused() {
    List<AlterUserScramCredentialsRequest.ScramCredentialUpsertion> upsertions = new ArrayList<>();
    for (int i = 0; i < ScramUsers.MAX_CREDENTIALS + 1; i++) {
      upsertions.add(new AlterUserScramCredentialsRequestBuilder.ScramCredentialUpsertionBuilder().name("u" + i)
          .mechanism((byte) 1).iterations(4096).salt(new byte[] {1}).saltedPassword(new byte[32]).build());
    }
    AlterUserScramCredentialsResponse response = new AlterUserScramCredentialsHandler(security).handle(
        new AlterUserScramCredentialsRequestBuilder().deletions(List.of()).upsertions(upsertions).build(), CONTEXT)
        .toCompletableFuture().join();
    assertEquals(0, response.results().get(ScramUsers.MAX_CREDENTIALS - 1).errorCode());
    assertEquals(93, response.results().get(ScramUsers.MAX_CREDENTIALS).errorCode());
    assertEquals(ScramUsers.MAX_CREDENTIALS, security.scramUsers().users().size());
  }
}
