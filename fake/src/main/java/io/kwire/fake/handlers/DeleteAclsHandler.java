package io.kwire.fake.handlers;

import io.kwire.fake.security.AclBinding;
import io.kwire.fake.security.AclFilter;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.DeleteAclsRequest;
import io.kwire.messages.DeleteAclsResponse;
import io.kwire.messages.DeleteAclsResponseBuilder;
import io.kwire.messages.DeleteAclsResponseBuilder.DeleteAclsFilterResultBuilder;
import io.kwire.messages.DeleteAclsResponseBuilder.DeleteAclsMatchingAclBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DeleteAcls: per filter, the ACLs it matches are removed and listed (a filter after another that
 * removed an ACL no longer finds it); a filter with UNKNOWN values INVALID_REQUEST with
 * StandardAuthorizer's messages; SECURITY_DISABLED without an authorizer. At most
 * {@link #MAX_FILTERS} filters of a request are run (each scans every ACL); the ones past it get
 * INVALID_REQUEST.
 */
public final class DeleteAclsHandler implements ApiHandler<DeleteAclsRequest, DeleteAclsResponse> {
  /** The most filters of one request the fake runs. */
  public static final int MAX_FILTERS = 1_000;

  private final SecurityState security;

  public DeleteAclsHandler(SecurityState security) {
    this.security = security;
  }

  @Override
  public CompletionStage<DeleteAclsResponse> handle(DeleteAclsRequest request, RequestContext context) {
    List<DeleteAclsResponse.DeleteAclsFilterResult> results = new ArrayList<>();
    for (DeleteAclsRequest.DeleteAclsFilter f : request.filters()) {
      DeleteAclsFilterResultBuilder result = new DeleteAclsFilterResultBuilder().errorMessage(null).matchingAcls(List.of());
      AclFilter filter = new AclFilter(f.resourceTypeFilter(), f.resourceNameFilter(), f.patternTypeFilter(),
          f.principalFilter(), f.hostFilter(), f.operation(), f.permissionType());
      if (security.authorizer() == null) {
        result.errorCode(SecurityErrors.SECURITY_DISABLED).errorMessage(SecurityErrors.NO_AUTHORIZER);
      } else if (results.size() >= MAX_FILTERS) {
        result.errorCode(SecurityErrors.INVALID_REQUEST)
            .errorMessage("The fake runs at most " + MAX_FILTERS + " filters of a request");
      } else if (filter.patternUnknown()) {
        result.errorCode(SecurityErrors.INVALID_REQUEST).errorMessage("Unknown patternFilter.");
      } else if (filter.entryUnknown()) {
        result.errorCode(SecurityErrors.INVALID_REQUEST).errorMessage("Unknown entryFilter.");
      } else {
        List<DeleteAclsResponse.DeleteAclsMatchingAcl> matching = new ArrayList<>();
        for (AclBinding acl : security.acls().remove(filter)) {
          DeleteAclsMatchingAclBuilder m = new DeleteAclsMatchingAclBuilder().errorMessage(null).resourceType(acl.resourceType())
              .resourceName(acl.resourceName()).principal(acl.principal()).host(acl.host())
              .operation(acl.operation()).permissionType(acl.permission());
          if (context.apiVersion() >= 1) {
            m.patternType(acl.patternType());
          }
          matching.add(m.build());
        }
        result.matchingAcls(matching);
      }
      results.add(result.build());
    }
    return CompletableFuture.completedFuture(new DeleteAclsResponseBuilder().filterResults(results).build());
  }
}
