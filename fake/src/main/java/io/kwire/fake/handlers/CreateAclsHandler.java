package io.kwire.fake.handlers;

import io.kwire.fake.security.AclBinding;
import io.kwire.fake.security.AclCodes;
import io.kwire.fake.security.AclStore;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.CreateAclsRequest;
import io.kwire.messages.CreateAclsResponse;
import io.kwire.messages.CreateAclsResponseBuilder;
import io.kwire.messages.CreateAclsResponseBuilder.AclCreationResultBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * CreateAcls: each creation checked as Kafka's broker and StandardAuthorizer check it (INVALID_REQUEST
 * with their messages), then added; an ACL that exists already is accepted again. Without an
 * authorizer every creation gets SECURITY_DISABLED, as from a broker without one.
 */
public final class CreateAclsHandler implements ApiHandler<CreateAclsRequest, CreateAclsResponse> {
  private final SecurityState security;

  public CreateAclsHandler(SecurityState security) {
    this.security = security;
  }

  @Override
  public CompletionStage<CreateAclsResponse> handle(CreateAclsRequest request, RequestContext context) {
    List<CreateAclsResponse.AclCreationResult> results = new ArrayList<>();
    for (CreateAclsRequest.AclCreation creation : request.creations()) {
      AclBinding acl = new AclBinding(creation.resourceType(), creation.resourceName(), creation.resourcePatternType(),
          creation.principal(), creation.host(), creation.operation(), creation.permissionType());
      String refusal = security.authorizer() == null ? SecurityErrors.NO_AUTHORIZER : invalidReason(acl);
      if (refusal == null && !security.acls().add(acl)) {
        refusal = "The fake keeps at most " + AclStore.MAX_ACLS + " ACLs";
      }
      AclCreationResultBuilder result = new AclCreationResultBuilder().errorMessage(null);
      if (refusal != null) {
        result.errorCode(security.authorizer() == null ? SecurityErrors.SECURITY_DISABLED : SecurityErrors.INVALID_REQUEST)
            .errorMessage(refusal);
      }
      results.add(result.build());
    }
    return CompletableFuture.completedFuture(new CreateAclsResponseBuilder().results(results).build());
  }

  /** Why Kafka refuses the ACL, or null. */
  static String invalidReason(AclBinding acl) {
    if (AclCodes.resourceType(acl.resourceType()) == AclCodes.UNKNOWN
        || AclCodes.patternType(acl.patternType()) == AclCodes.UNKNOWN
        || AclCodes.operation(acl.operation()) == AclCodes.UNKNOWN
        || AclCodes.permission(acl.permission()) == AclCodes.UNKNOWN) {
      return "Invalid ACL creation: " + AclTexts.binding(acl);
    }
    if (acl.resourceType() == AclCodes.CLUSTER && !AclCodes.CLUSTER_NAME.equals(acl.resourceName())) {
      return "The only valid name for the CLUSTER resource is " + AclCodes.CLUSTER_NAME;
    }
    if (acl.resourceName().isEmpty()) {
      return "Invalid empty resource name";
    }
    if (acl.patternType() != AclCodes.LITERAL && acl.patternType() != AclCodes.PREFIXED) {
      return "Invalid patternType " + AclTexts.patternType(acl.patternType());
    }
    if (acl.operation() == AclCodes.ANY) {
      return "Invalid operation ANY";
    }
    if (acl.permission() == AclCodes.ANY) {
      return "Invalid permissionType ANY";
    }
    if (acl.resourceType() == AclCodes.ANY) {
      return "Invalid resourceType ANY";
    }
    if (acl.principal().indexOf(':') < 0) {
      return "Could not parse principal from `" + acl.principal() + "` (no colon is present separating the "
          + "principal type from the principal name)";
    }
    return null;
  }
}
