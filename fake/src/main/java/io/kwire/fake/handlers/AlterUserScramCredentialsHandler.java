package io.kwire.fake.handlers;

import io.kwire.fake.security.ScramUsers;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.AlterUserScramCredentialsRequest;
import io.kwire.messages.AlterUserScramCredentialsResponse;
import io.kwire.messages.AlterUserScramCredentialsResponseBuilder;
import io.kwire.messages.AlterUserScramCredentialsResponseBuilder.AlterUserScramCredentialsResultBuilder;
import io.kwire.net.sasl.ScramCredential;
import io.kwire.net.sasl.ScramMechanism;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * AlterUserScramCredentials as Kafka's controller does it: a user altered twice in one request
 * (whatever the mechanisms) DUPLICATE_RESOURCE; an unknown mechanism UNSUPPORTED_SASL_MECHANISM;
 * iterations outside 4096-16384, an empty name, salt or salted password UNACCEPTABLE_CREDENTIAL;
 * deleting a credential that does not exist RESOURCE_NOT_FOUND. An upsertion stores the keys
 * derived from the salted password, which the brokers' SCRAM logins use from then on. Results:
 * deletions, then upsertions, then the users refused as duplicates.
 */
public final class AlterUserScramCredentialsHandler
    implements ApiHandler<AlterUserScramCredentialsRequest, AlterUserScramCredentialsResponse> {
  private static final String TWICE = "A user credential cannot be altered twice in the same request";

  private final ScramUsers users;

  public AlterUserScramCredentialsHandler(SecurityState security) {
    this.users = security.scramUsers();
  }

  @Override
  public CompletionStage<AlterUserScramCredentialsResponse> handle(AlterUserScramCredentialsRequest request,
      RequestContext context) {
    Map<String, AlterUserScramCredentialsRequest.ScramCredentialDeletion> deletions = new LinkedHashMap<>();
    Map<String, AlterUserScramCredentialsRequest.ScramCredentialUpsertion> upsertions = new LinkedHashMap<>();
    Map<String, Boolean> twice = new LinkedHashMap<>();
    for (AlterUserScramCredentialsRequest.ScramCredentialDeletion d : request.deletions()) {
      if (!twice.containsKey(d.name()) && deletions.remove(d.name()) != null) {
        twice.put(d.name(), true);
      } else if (!twice.containsKey(d.name())) {
        deletions.put(d.name(), d);
      }
    }
    for (AlterUserScramCredentialsRequest.ScramCredentialUpsertion u : request.upsertions()) {
      if (!twice.containsKey(u.name()) && (deletions.remove(u.name()) != null || upsertions.remove(u.name()) != null)) {
        twice.put(u.name(), true);
      } else if (!twice.containsKey(u.name())) {
        upsertions.put(u.name(), u);
      }
    }
    List<AlterUserScramCredentialsResponse.AlterUserScramCredentialsResult> results = new ArrayList<>();
    deletions.forEach((user, d) -> {
      ScramMechanism mechanism = ScramCodes.mechanism(d.mechanism());
      if (mechanism == null) {
        results.add(result(user, SecurityErrors.UNSUPPORTED_SASL_MECHANISM, "Unknown SCRAM mechanism"));
      } else if (!users.remove(mechanism, user)) {
        results.add(result(user, SecurityErrors.RESOURCE_NOT_FOUND,
            "Attempt to delete a user credential that does not exist"));
      } else {
        results.add(result(user, (short) 0, null));
      }
    });
    upsertions.forEach((user, u) -> results.add(upsert(user, u)));
    twice.keySet().forEach(user -> results.add(result(user, SecurityErrors.DUPLICATE_RESOURCE, TWICE)));
    return CompletableFuture.completedFuture(new AlterUserScramCredentialsResponseBuilder().results(results).build());
  }

  private AlterUserScramCredentialsResponse.AlterUserScramCredentialsResult upsert(String user,
      AlterUserScramCredentialsRequest.ScramCredentialUpsertion u) {
    ScramMechanism mechanism = ScramCodes.mechanism(u.mechanism());
    if (mechanism == null) {
      return result(user, SecurityErrors.UNSUPPORTED_SASL_MECHANISM, "Unknown SCRAM mechanism");
    }
    if (user.isEmpty()) {
      return result(user, SecurityErrors.UNACCEPTABLE_CREDENTIAL, "Username must not be empty");
    }
    if (u.iterations() < ScramMechanism.MIN_ITERATIONS) {
      return result(user, SecurityErrors.UNACCEPTABLE_CREDENTIAL, "Too few iterations");
    }
    if (u.iterations() > ScramMechanism.MAX_ITERATIONS) {
      return result(user, SecurityErrors.UNACCEPTABLE_CREDENTIAL, "Too many iterations");
    }
    if (u.salt().length == 0 || u.saltedPassword().length == 0) {
      return result(user, SecurityErrors.UNACCEPTABLE_CREDENTIAL, "Empty salt or salted password");
    }
    ScramCredential credential = ScramCredential.fromSaltedPassword(mechanism, u.salt(), u.saltedPassword(),
        u.iterations());
    if (!users.put(mechanism, user, credential)) {
      return result(user, SecurityErrors.UNACCEPTABLE_CREDENTIAL,
          "The fake keeps at most " + ScramUsers.MAX_CREDENTIALS + " SCRAM credentials");
    }
    return result(user, (short) 0, null);
  }

  private static AlterUserScramCredentialsResponse.AlterUserScramCredentialsResult result(String user, short code,
      String message) {
    return new AlterUserScramCredentialsResultBuilder().user(user).errorCode(code).errorMessage(message).build();
  }
}
