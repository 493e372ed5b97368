package io.kwire.fake.handlers;

import io.kwire.fake.security.AclBinding;
import io.kwire.fake.security.AclFilter;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.DescribeAclsRequest;
import io.kwire.messages.DescribeAclsResponse;
import io.kwire.messages.DescribeAclsResponseBuilder;
import io.kwire.messages.DescribeAclsResponseBuilder.AclDescriptionBuilder;
import io.kwire.messages.DescribeAclsResponseBuilder.DescribeAclsResourceBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeAcls: the ACLs the filter matches ({@link AclFilter}), grouped by resource pattern in
 * the order they were created; a filter with an UNKNOWN value INVALID_REQUEST; SECURITY_DISABLED
 * without an authorizer.
 */
public final class DescribeAclsHandler implements ApiHandler<DescribeAclsRequest, DescribeAclsResponse> {
  private final SecurityState security;

  public DescribeAclsHandler(SecurityState security) {
    this.security = security;
  }

  @Override
  public CompletionStage<DescribeAclsResponse> handle(DescribeAclsRequest request, RequestContext context) {
    DescribeAclsResponseBuilder response = new DescribeAclsResponseBuilder().errorMessage(null).resources(List.of());
    if (security.authorizer() == null) {
      return done(response.errorCode(SecurityErrors.SECURITY_DISABLED).errorMessage(SecurityErrors.NO_AUTHORIZER_ON_BROKER));
    }
    AclFilter filter = new AclFilter(request.resourceTypeFilter(), request.resourceNameFilter(),
        request.patternTypeFilter(), request.principalFilter(), request.hostFilter(), request.operation(),
        request.permissionType());
    if (filter.patternUnknown() || filter.entryUnknown()) {
      return done(response.errorCode(SecurityErrors.INVALID_REQUEST)
          .errorMessage("The filter contains UNKNOWN elements"));
    }
    Map<List<Object>, List<DescribeAclsResponse.AclDescription>> byPattern = new LinkedHashMap<>();
    for (AclBinding acl : security.acls().matching(filter)) {
      byPattern.computeIfAbsent(List.of(acl.resourceType(), acl.resourceName(), acl.patternType()), k -> new ArrayList<>())
          .add(new AclDescriptionBuilder().principal(acl.principal()).host(acl.host()).operation(acl.operation())
              .permissionType(acl.permission()).build());
    }
    List<DescribeAclsResponse.DescribeAclsResource> resources = new ArrayList<>();
    byPattern.forEach((pattern, acls) -> {
      DescribeAclsResourceBuilder resource = new DescribeAclsResourceBuilder().resourceType((byte) pattern.get(0))
          .resourceName((String) pattern.get(1)).acls(acls);
      if (context.apiVersion() >= 1) {
        resource.patternType((byte) pattern.get(2));
      }
      resources.add(resource.build());
    });
    return done(response.resources(resources));
  }

  private static CompletionStage<DescribeAclsResponse> done(DescribeAclsResponseBuilder response) {
    return CompletableFuture.completedFuture(response.build());
  }
}
