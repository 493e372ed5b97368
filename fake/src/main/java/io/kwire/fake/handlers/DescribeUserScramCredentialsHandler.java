package io.kwire.fake.handlers;

import io.kwire.fake.security.ScramUsers;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.DescribeUserScramCredentialsRequest;
import io.kwire.messages.DescribeUserScramCredentialsResponse;
import io.kwire.messages.DescribeUserScramCredentialsResponseBuilder;
import io.kwire.messages.DescribeUserScramCredentialsResponseBuilder.CredentialInfoBuilder;
import io.kwire.messages.DescribeUserScramCredentialsResponseBuilder.DescribeUserScramCredentialsResultBuilder;
import io.kwire.net.sasl.ScramCredential;
import io.kwire.net.sasl.ScramMechanism;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeUserScramCredentials: each user's mechanisms and iteration counts (every user with a
 * credential when none is named); RESOURCE_NOT_FOUND for a user without one, DUPLICATE_RESOURCE
 * for a user named twice, with Kafka's messages.
 */
public final class DescribeUserScramCredentialsHandler
    implements ApiHandler<DescribeUserScramCredentialsRequest, DescribeUserScramCredentialsResponse> {
  private final ScramUsers users;

  public DescribeUserScramCredentialsHandler(SecurityState security) {
    this.users = security.scramUsers();
  }

  @Override
  public CompletionStage<DescribeUserScramCredentialsResponse> handle(DescribeUserScramCredentialsRequest request,
      RequestContext context) {
    Map<String, Map<ScramMechanism, ScramCredential>> all = users.users();
    Map<String, Boolean> asked = new LinkedHashMap<>(); // false: named twice
    if (request.users() == null || request.users().isEmpty()) {
      all.keySet().forEach(u -> asked.put(u, true));
    } else {
      for (DescribeUserScramCredentialsRequest.UserName user : request.users()) {
        asked.put(user.name(), !asked.containsKey(user.name()));
      }
    }
    List<DescribeUserScramCredentialsResponse.DescribeUserScramCredentialsResult> results = new ArrayList<>();
    asked.forEach((user, once) -> {
      DescribeUserScramCredentialsResultBuilder result = new DescribeUserScramCredentialsResultBuilder().user(user)
          .errorMessage(null).credentialInfos(List.of());
      Map<ScramMechanism, ScramCredential> credentials = all.getOrDefault(user, Map.of());
      if (!once) {
        result.errorCode(SecurityErrors.DUPLICATE_RESOURCE)
            .errorMessage("Cannot describe SCRAM credentials for the same user twice in a single request: " + user);
      } else if (credentials.isEmpty()) {
        result.errorCode(SecurityErrors.RESOURCE_NOT_FOUND)
            .errorMessage("Attempt to describe a user credential that does not exist: " + user);
      } else {
        List<DescribeUserScramCredentialsResponse.CredentialInfo> infos = new ArrayList<>();
        credentials.forEach((mechanism, c) -> infos.add(new CredentialInfoBuilder()
            .mechanism(ScramCodes.code(mechanism)).iterations(c.iterations()).build()));
        result.credentialInfos(infos);
      }
      results.add(result.build());
    });
    return CompletableFuture.completedFuture(new DescribeUserScramCredentialsResponseBuilder().errorMessage(null).results(results).build());
  }
}
