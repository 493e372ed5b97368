package io.kwire.fake.handlers;

import io.kwire.fake.security.AclCodes;
import io.kwire.fake.security.Authorizer;
import io.kwire.fake.security.DelegationTokens;
import io.kwire.fake.security.DelegationTokens.Token;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.fake.security.SecurityState;
import io.kwire.messages.CreateDelegationTokenRequest;
import io.kwire.messages.CreateDelegationTokenResponse;
import io.kwire.messages.CreateDelegationTokenResponseBuilder;
import io.kwire.messages.DescribeDelegationTokenRequest;
import io.kwire.messages.DescribeDelegationTokenResponse;
import io.kwire.messages.DescribeDelegationTokenResponseBuilder;
import io.kwire.messages.DescribeDelegationTokenResponseBuilder.DescribedDelegationTokenBuilder;
import io.kwire.messages.DescribeDelegationTokenResponseBuilder.DescribedDelegationTokenRenewerBuilder;
import io.kwire.messages.ExpireDelegationTokenRequest;
import io.kwire.messages.ExpireDelegationTokenResponse;
import io.kwire.messages.ExpireDelegationTokenResponseBuilder;
import io.kwire.messages.RenewDelegationTokenRequest;
import io.kwire.messages.RenewDelegationTokenResponse;
import io.kwire.messages.RenewDelegationTokenResponseBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The delegation token APIs as a Kafka broker with tokens enabled answers them. Every request of a
 * connection not authenticated by SASL, or to a cluster without tokens, gets
 * DELEGATION_TOKEN_AUTH_DISABLED. Create: owner the request's or the requester, renewers of type
 * User only (INVALID_PRINCIPAL_TYPE), creating for another owner needs CREATE_TOKENS on that user
 * under an authorizer. Renew and expire find the token by HMAC (DELEGATION_TOKEN_NOT_FOUND), only
 * for its owner, requester or renewers (DELEGATION_TOKEN_OWNER_MISMATCH), not past its expiry
 * (DELEGATION_TOKEN_EXPIRED); a negative expiry period expires it at once. Describe: the tokens the
 * principal owns, requested or renews, or may describe under the authorizer, of the named owners
 * (all when null). Failed renewals and expiries answer timestamp -1, as Kafka. A connection that
 * logged in with a token gets DELEGATION_TOKEN_REQUEST_NOT_ALLOWED to create, renew and expire, as
 * Kafka: a token cannot beget or extend tokens.
 */
final class DelegationTokenHandlers {
  private static final String USER = "User";

  private final DelegationTokens tokens;
  private final Authorizer authorizer;

  DelegationTokenHandlers(SecurityState security) {
    this.tokens = security.delegationTokens();
    this.authorizer = security.authorizer();
  }

  ApiHandler<CreateDelegationTokenRequest, CreateDelegationTokenResponse> create() {
    return (request, context) -> {
      String requester = context.principal();
      String owner = request.ownerPrincipalName() == null || request.ownerPrincipalName().isEmpty() ? requester
          : request.ownerPrincipalType() + ":" + request.ownerPrincipalName();
      if (context.tokenAuthenticated()) {
        return done(createError(SecurityErrors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED, owner, requester, context));
      }
      if (!tokens.enabledFor(requester)) {
        return done(createError(SecurityErrors.DELEGATION_TOKEN_AUTH_DISABLED, owner, requester, context));
      }
      if (!owner.equals(requester) && authorizer != null
          && !authorizer.authorize(requester, context.host(), AclCodes.CREATE_TOKENS, AclCodes.USER, owner)) {
        return done(createError(SecurityErrors.DELEGATION_TOKEN_AUTHORIZATION_FAILED, owner, requester, context));
      }
      List<String> renewers = new ArrayList<>();
      for (CreateDelegationTokenRequest.CreatableRenewers r : request.renewers()) {
        if (!USER.equals(r.principalType())) {
          return done(createError(SecurityErrors.INVALID_PRINCIPAL_TYPE, owner, requester, context));
        }
        renewers.add(r.principalType() + ":" + r.principalName());
      }
      Token token = tokens.create(owner, requester, renewers, request.maxLifetimeMs());
      if (token == null) {
        return done(createError(SecurityErrors.INVALID_REQUEST, owner, requester, context));
      }
      return done(requester(new CreateDelegationTokenResponseBuilder(), requester, context.apiVersion())
          .errorCode((short) 0).principalType(type(owner)).principalName(name(owner))
          .issueTimestampMs(token.issueTimestampMs()).expiryTimestampMs(token.expiryTimestampMs())
          .maxTimestampMs(token.maxTimestampMs()).tokenId(token.tokenId()).hmac(token.hmac()).build());
    };
  }

  ApiHandler<RenewDelegationTokenRequest, RenewDelegationTokenResponse> renew() {
    return (request, context) -> {
      short error = check(request.hmac(), context);
      if (error != 0) {
        return done(new RenewDelegationTokenResponseBuilder().errorCode(error).expiryTimestampMs(-1).build());
      }
      Token token = tokens.byHmac(request.hmac());
      long now = tokens.nowMs();
      long period = request.renewPeriodMs() < 0 ? DelegationTokens.RENEW_LIFETIME_MS : request.renewPeriodMs();
      long expiry = tokens.expireAt(token, Math.min(token.maxTimestampMs(), now + period));
      return done(new RenewDelegationTokenResponseBuilder().errorCode((short) 0).expiryTimestampMs(expiry).build());
    };
  }

  ApiHandler<ExpireDelegationTokenRequest, ExpireDelegationTokenResponse> expire() {
    return (request, context) -> {
      short error = check(request.hmac(), context);
      if (error != 0) {
        return done(new ExpireDelegationTokenResponseBuilder().errorCode(error).expiryTimestampMs(-1).build());
      }
      Token token = tokens.byHmac(request.hmac());
      long now = tokens.nowMs();
      long expiry;
      if (request.expiryTimePeriodMs() < 0) {
        tokens.remove(token);
        expiry = now;
      } else {
        expiry = tokens.expireAt(token, Math.min(token.maxTimestampMs(), now + request.expiryTimePeriodMs()));
      }
      return done(new ExpireDelegationTokenResponseBuilder().errorCode((short) 0).expiryTimestampMs(expiry).build());
    };
  }

  ApiHandler<DescribeDelegationTokenRequest, DescribeDelegationTokenResponse> describe() {
    return (request, context) -> {
      String principal = context.principal();
      if (!tokens.enabledFor(principal)) {
        return done(new DescribeDelegationTokenResponseBuilder()
            .errorCode(SecurityErrors.DELEGATION_TOKEN_AUTH_DISABLED).tokens(List.of()).build());
      }
      List<String> owners = request.owners() == null ? null
          : request.owners().stream().map(o -> o.principalType() + ":" + o.principalName()).toList();
      List<DescribeDelegationTokenResponse.DescribedDelegationToken> out = new ArrayList<>();
      for (Token t : tokens.all()) {
        if ((owners == null || owners.contains(t.owner())) && mayDescribe(t, principal, context.host())) {
          out.add(described(t, context.apiVersion()));
        }
      }
      return done(new DescribeDelegationTokenResponseBuilder().errorCode((short) 0).tokens(out).build());
    };
  }

  private boolean mayDescribe(Token t, String principal, String host) {
    return authorizer == null || t.ownerOrRenewer(principal)
        || authorizer.authorize(principal, host, AclCodes.DESCRIBE, AclCodes.DELEGATION_TOKEN, t.tokenId())
        || authorizer.authorize(principal, host, AclCodes.DESCRIBE_TOKENS, AclCodes.USER, t.owner());
  }

  /** The error of a renewal or expiry of the token with {@code hmac} by the context's principal, or 0. */
  private short check(byte[] hmac, RequestContext context) {
    String principal = context.principal();
    if (context.tokenAuthenticated()) {
      return SecurityErrors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED;
    }
    if (!tokens.enabledFor(principal)) {
      return SecurityErrors.DELEGATION_TOKEN_AUTH_DISABLED;
    }
    Token token = tokens.byHmac(hmac);
    if (token == null) {
      return SecurityErrors.DELEGATION_TOKEN_NOT_FOUND;
    }
    if (!token.ownerOrRenewer(principal)) {
      return SecurityErrors.DELEGATION_TOKEN_OWNER_MISMATCH;
    }
    long now = tokens.nowMs();
    if (token.maxTimestampMs() < now || token.expiryTimestampMs() < now) {
      return SecurityErrors.DELEGATION_TOKEN_EXPIRED;
    }
    return 0;
  }

  private static DescribeDelegationTokenResponse.DescribedDelegationToken described(Token t, short version) {
    List<DescribeDelegationTokenResponse.DescribedDelegationTokenRenewer> renewers = t.renewers().stream()
        .map(r -> new DescribedDelegationTokenRenewerBuilder().principalType(type(r)).principalName(name(r)).build())
        .toList();
    DescribedDelegationTokenBuilder b = new DescribedDelegationTokenBuilder();
    if (version >= 3) {
      b.tokenRequesterPrincipalType(type(t.requester())).tokenRequesterPrincipalName(name(t.requester()));
    }
    return b.principalType(type(t.owner())).principalName(name(t.owner()))
        .issueTimestamp(t.issueTimestampMs()).expiryTimestamp(t.expiryTimestampMs())
        .maxTimestamp(t.maxTimestampMs()).tokenId(t.tokenId()).hmac(t.hmac()).renewers(renewers).build();
  }

  /** The requester's fields, which only v3+ has. */
  private static CreateDelegationTokenResponseBuilder requester(CreateDelegationTokenResponseBuilder b, String requester,
      short version) {
    return version < 3 ? b : b.tokenRequesterPrincipalType(type(requester)).tokenRequesterPrincipalName(name(requester));
  }

  private static CreateDelegationTokenResponse createError(short error, String owner, String requester,
      RequestContext context) {
    return requester(new CreateDelegationTokenResponseBuilder(), requester, context.apiVersion()).errorCode(error)
        .principalType(type(owner)).principalName(name(owner)).issueTimestampMs(-1).expiryTimestampMs(-1).maxTimestampMs(-1)
        .tokenId("").hmac(new byte[0]).build();
  }

  private static String type(String principal) {
    int colon = principal.indexOf(':');
    return colon < 0 ? USER : principal.substring(0, colon);
  }

  private static String name(String principal) {
    return principal.substring(principal.indexOf(':') + 1);
  }

  private static <T> CompletionStage<T> done(T response) {
    return CompletableFuture.completedFuture(response);
  }
}
