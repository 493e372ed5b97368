package io.kwire.messages.errors;

import io.kwire.messages.AlterClientQuotasRequest;
import io.kwire.messages.AlterClientQuotasResponse;
import io.kwire.messages.AlterClientQuotasResponseBuilder;
import io.kwire.messages.AlterUserScramCredentialsRequest;
import io.kwire.messages.AlterUserScramCredentialsResponse;
import io.kwire.messages.AlterUserScramCredentialsResponseBuilder;
import io.kwire.messages.CreateAclsRequest;
import io.kwire.messages.CreateAclsResponse;
import io.kwire.messages.CreateAclsResponseBuilder;
import io.kwire.messages.DeleteAclsRequest;
import io.kwire.messages.DeleteAclsResponse;
import io.kwire.messages.DeleteAclsResponseBuilder;
import io.kwire.messages.DescribeAclsRequest;
import io.kwire.messages.DescribeAclsResponseBuilder;
import io.kwire.messages.DescribeClientQuotasRequest;
import io.kwire.messages.DescribeClientQuotasResponseBuilder;
import io.kwire.messages.DescribeUserScramCredentialsRequest;
import io.kwire.messages.DescribeUserScramCredentialsResponse;
import io.kwire.messages.DescribeUserScramCredentialsResponseBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** The error responses of the security APIs: ACLs, client quotas and SCRAM credentials. */
final class SecurityErrorResponses {
  private SecurityErrorResponses() {}

  static void register(ErrorResponses.Registry shapes) {
    shapes.add(CreateAclsRequest.class, (request, version, code) -> {
      List<CreateAclsResponse.AclCreationResult> results = new ArrayList<>();
      for (int i = 0; i < request.creations().size(); i++) {
        results.add(new CreateAclsResponseBuilder.AclCreationResultBuilder().errorCode(code).errorMessage(null).build());
      }
      return new CreateAclsResponseBuilder().results(results).build();
    });
    shapes.add(DescribeAclsRequest.class, (request, version, code) ->
        new DescribeAclsResponseBuilder().errorCode(code).errorMessage(null).resources(List.of()).build());
    shapes.add(DeleteAclsRequest.class, (request, version, code) -> {
      List<DeleteAclsResponse.DeleteAclsFilterResult> results = new ArrayList<>();
      for (int i = 0; i < request.filters().size(); i++) {
        results.add(new DeleteAclsResponseBuilder.DeleteAclsFilterResultBuilder().errorCode(code)
            .errorMessage(null).matchingAcls(List.of()).build());
      }
      return new DeleteAclsResponseBuilder().filterResults(results).build();
    });
    shapes.add(DescribeClientQuotasRequest.class, (request, version, code) ->
        new DescribeClientQuotasResponseBuilder().errorCode(code).errorMessage(null).entries(null).build());
    shapes.add(AlterClientQuotasRequest.class, SecurityErrorResponses::alterClientQuotas);
    shapes.add(DescribeUserScramCredentialsRequest.class, SecurityErrorResponses::describeScram);
    shapes.add(AlterUserScramCredentialsRequest.class, SecurityErrorResponses::alterScram);
  }

  /** Every entry with the code, its entity echoed. */
  private static AlterClientQuotasResponse alterClientQuotas(AlterClientQuotasRequest request, short version,
      short code) {
    List<AlterClientQuotasResponse.EntryData> entries = new ArrayList<>();
    for (AlterClientQuotasRequest.EntryData entry : request.entries()) {
      List<AlterClientQuotasResponse.EntityData> entity = new ArrayList<>();
      for (AlterClientQuotasRequest.EntityData e : entry.entity()) {
        entity.add(new AlterClientQuotasResponseBuilder.EntityDataBuilder().entityType(e.entityType())
            .entityName(e.entityName()).build());
      }
      entries.add(new AlterClientQuotasResponseBuilder.EntryDataBuilder().errorCode(code).errorMessage(null).entity(entity).build());
    }
    return new AlterClientQuotasResponseBuilder().entries(entries).build();
  }

  /** The top-level code, and one result with it (and no user name) per user asked for. */
  private static DescribeUserScramCredentialsResponse describeScram(DescribeUserScramCredentialsRequest request,
      short version, short code) {
    List<DescribeUserScramCredentialsResponse.DescribeUserScramCredentialsResult> results = new ArrayList<>();
    if (request.users() != null) {
      for (int i = 0; i < request.users().size(); i++) {
        results.add(new DescribeUserScramCredentialsResponseBuilder.DescribeUserScramCredentialsResultBuilder()
            .user("").errorCode(code).errorMessage(null).credentialInfos(List.of()).build());
      }
    }
    return new DescribeUserScramCredentialsResponseBuilder().errorCode(code).errorMessage(null).results(results).build();
  }

  /** One result per user named in a deletion or an upsertion, sorted by name. */
  private static AlterUserScramCredentialsResponse alterScram(AlterUserScramCredentialsRequest request, short version,
      short code) {
    TreeSet<String> users = new TreeSet<>();
    request.deletions().forEach(d -> users.add(d.name()));
    request.upsertions().forEach(u -> users.add(u.name()));
    List<AlterUserScramCredentialsResponse.AlterUserScramCredentialsResult> results = new ArrayList<>();
    for (String user : users) {
      results.add(new AlterUserScramCredentialsResponseBuilder.AlterUserScramCredentialsResultBuilder().user(user)
          .errorCode(code).errorMessage(null).build());
    }
    return new AlterUserScramCredentialsResponseBuilder().results(results).build();
  }
}
