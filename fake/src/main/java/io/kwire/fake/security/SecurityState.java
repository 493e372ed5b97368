package io.kwire.fake.security;

import java.util.Set;

/**
 * The cluster's security state: its ACLs, the authorizer that enforces them (null when the cluster
 * runs without one, as a Kafka broker without {@code authorizer.class.name}: ACL requests then get
 * SECURITY_DISABLED and everyone may do everything), the SCRAM users, the client quotas and the delegation tokens.
 */
public final class SecurityState {
  private final AclStore acls = new AclStore();
  private final Authorizer authorizer;
  private final ScramUsers scramUsers = new ScramUsers();
  private final ClientQuotas quotas = new ClientQuotas();
  private final DelegationTokens delegationTokens = new DelegationTokens();

  /** Without an authorizer. */
  public SecurityState() {
    this.authorizer = null;
  }

  /** With Kafka's StandardAuthorizer's behaviour over this state's ACLs. */
  public SecurityState(Set<String> superUsers, boolean allowEveryoneIfNoAclFound) {
    this.authorizer = new Authorizer(acls, superUsers, allowEveryoneIfNoAclFound);
  }

  public AclStore acls() {
    return acls;
  }

  /** The authorizer, or null when there is none. */
  public Authorizer authorizer() {
    return authorizer;
  }

  public ScramUsers scramUsers() {
    return scramUsers;
  }

  public ClientQuotas quotas() {
    return quotas;
  }

  /** The delegation tokens (off until enabled). */
  public DelegationTokens delegationTokens() {
    return delegationTokens;
  }
}
