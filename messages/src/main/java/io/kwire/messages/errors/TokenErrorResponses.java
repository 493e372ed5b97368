package io.kwire.messages.errors;

import io.kwire.messages.CreateDelegationTokenRequest;
import io.kwire.messages.CreateDelegationTokenResponseBuilder;
import io.kwire.messages.DescribeDelegationTokenRequest;
import io.kwire.messages.DescribeDelegationTokenResponseBuilder;
import io.kwire.messages.ExpireDelegationTokenRequest;
import io.kwire.messages.ExpireDelegationTokenResponseBuilder;
import io.kwire.messages.RenewDelegationTokenRequest;
import io.kwire.messages.RenewDelegationTokenResponseBuilder;
import java.util.List;

/**
 * The error responses of the delegation token APIs: a refused CreateDelegationToken names the
 * anonymous principal as owner (and, v3+, requester) with every timestamp -1, as Kafka's does; the
 * others carry the code alone.
 */
final class TokenErrorResponses {
  private static final String USER = "User";
  private static final String ANONYMOUS = "ANONYMOUS";

  private TokenErrorResponses() {}

  static void register(ErrorResponses.Registry shapes) {
    shapes.add(CreateDelegationTokenRequest.class, (request, version, code) -> {
      CreateDelegationTokenResponseBuilder out = new CreateDelegationTokenResponseBuilder().errorCode(code)
          .principalType(USER).principalName(ANONYMOUS).issueTimestampMs(-1).expiryTimestampMs(-1)
          .maxTimestampMs(-1).tokenId("").hmac(new byte[0]);
      if (version >= 3) {
        out.tokenRequesterPrincipalType(USER).tokenRequesterPrincipalName(ANONYMOUS);
      }
      return out.build();
    });
    shapes.add(RenewDelegationTokenRequest.class, (request, version, code) ->
        new RenewDelegationTokenResponseBuilder().errorCode(code).expiryTimestampMs(0).build());
    shapes.add(ExpireDelegationTokenRequest.class, (request, version, code) ->
        new ExpireDelegationTokenResponseBuilder().errorCode(code).expiryTimestampMs(0).build());
    shapes.add(DescribeDelegationTokenRequest.class, (request, version, code) ->
        new DescribeDelegationTokenResponseBuilder().errorCode(code).tokens(List.of()).build());
  }
}
