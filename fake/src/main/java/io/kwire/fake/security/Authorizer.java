package io.kwire.fake.security;

import java.util.Set;

/**
 * Decides as Kafka's StandardAuthorizer does whether a principal ({@code User:alice}) connected
 * from a host may do an operation on a resource: super users may do everything; otherwise the ACLs
 * whose pattern applies to the resource (literal name, literal {@code *}, a prefix of the name),
 * whose principal is the principal or {@code User:*} and whose host is the host or {@code *} decide:
 * a DENY of the operation (or ALL) wins; an ALLOW of the operation, of ALL, or of one that implies
 * it (READ, WRITE, DELETE and ALTER imply DESCRIBE; ALTER_CONFIGS implies DESCRIBE_CONFIGS) allows;
 * with no ACL on the resource at all, {@code allow.everyone.if.no.acl.found} decides (off by default).
 */
public final class Authorizer {
  private final AclStore acls;
  private final Set<String> superUsers;
  private final boolean allowEveryoneIfNoAclFound;

  public Authorizer(AclStore acls, Set<String> superUsers, boolean allowEveryoneIfNoAclFound) {
    this.acls = acls;
    this.superUsers = Set.copyOf(superUsers);
    this.allowEveryoneIfNoAclFound = allowEveryoneIfNoAclFound;
  }

  public boolean authorize(String principal, String host, byte operation, byte resourceType, String resourceName) {
    if (superUsers.contains(principal)) {
      return true;
    }
    boolean resourceHasAcls = false;
    boolean allowed = false;
    for (AclBinding acl : acls.applicable(resourceType, resourceName)) {
      if (!patternApplies(acl, resourceName)) {
        continue;
      }
      resourceHasAcls = true;
      if (!entryApplies(acl, principal, host)) {
        continue;
      }
      if (acl.permission() == AclCodes.DENY) {
        if (acl.operation() == operation || acl.operation() == AclCodes.ALL) {
          return false;
        }
      } else if (acl.permission() == AclCodes.ALLOW && grants(acl.operation(), operation)) {
        allowed = true;
      }
    }
    return allowed || (!resourceHasAcls && allowEveryoneIfNoAclFound);
  }

  /**
   * Whether the principal may do {@code operation} on some resource of the type (Kafka's
   * {@code authorizeByResourceType}, which InitProducerId without a transactional id asks of
   * TOPIC WRITE): an ALLOW pattern for it that no DENY pattern covers.
   */
  public boolean authorizeAny(String principal, String host, byte operation, byte resourceType) {
    if (superUsers.contains(principal)) {
      return true;
    }
    boolean anyAcl = false;
    for (AclBinding allow : acls.all()) {
      if (allow.resourceType() != resourceType) {
        continue;
      }
      anyAcl = true;
      if (allow.permission() == AclCodes.ALLOW && entryApplies(allow, principal, host)
          && grants(allow.operation(), operation) && !deniedPattern(allow, principal, host, operation)) {
        return true;
      }
    }
    return !anyAcl && allowEveryoneIfNoAclFound;
  }

  private boolean deniedPattern(AclBinding allow, String principal, String host, byte operation) {
    for (AclBinding deny : acls.all()) {
      if (deny.resourceType() != allow.resourceType() || deny.permission() != AclCodes.DENY
          || !entryApplies(deny, principal, host)
          || (deny.operation() != operation && deny.operation() != AclCodes.ALL)) {
        continue;
      }
      boolean covers = deny.patternType() == AclCodes.LITERAL
          ? AclCodes.WILDCARD.equals(deny.resourceName())
              || (allow.patternType() == AclCodes.LITERAL && deny.resourceName().equals(allow.resourceName()))
          : allow.resourceName().startsWith(deny.resourceName());
      if (covers) {
        return true;
      }
    }
    return false;
  }

  private static boolean patternApplies(AclBinding acl, String name) {
    return acl.patternType() == AclCodes.LITERAL
        ? acl.resourceName().equals(name) || AclCodes.WILDCARD.equals(acl.resourceName())
        : acl.patternType() == AclCodes.PREFIXED && name.startsWith(acl.resourceName());
  }

  private static boolean entryApplies(AclBinding acl, String principal, String host) {
    return (acl.principal().equals(principal) || acl.principal().equals("User:*"))
        && (acl.host().equals(host) || AclCodes.WILDCARD.equals(acl.host()));
  }

  /** Whether an ALLOW of {@code granted} allows {@code wanted}. */
  private static boolean grants(byte granted, byte wanted) {
    if (granted == wanted || granted == AclCodes.ALL) {
      return true;
    }
    return switch (wanted) {
      case AclCodes.DESCRIBE -> granted == AclCodes.READ || granted == AclCodes.WRITE || granted == AclCodes.DELETE
          || granted == AclCodes.ALTER;
      case AclCodes.DESCRIBE_CONFIGS -> granted == AclCodes.ALTER_CONFIGS;
      default -> false;
    };
  }

  /**
   * Kafka's authorized-operations bit field of a resource: bit n set when the principal may do the
   * operation of code n, for the operations Kafka lists for that resource type.
   */
  public int authorizedOperations(String principal, String host, byte resourceType, String resourceName) {
    int bits = 0;
    for (byte operation : operationsOf(resourceType)) {
      if (authorize(principal, host, operation, resourceType, resourceName)) {
        bits |= 1 << operation;
      }
    }
    return bits;
  }

  private static byte[] operationsOf(byte resourceType) {
    return switch (resourceType) {
      case AclCodes.TOPIC -> new byte[] {AclCodes.READ, AclCodes.WRITE, AclCodes.CREATE, AclCodes.DESCRIBE,
          AclCodes.DELETE, AclCodes.ALTER, AclCodes.DESCRIBE_CONFIGS, AclCodes.ALTER_CONFIGS};
      case AclCodes.GROUP -> new byte[] {AclCodes.READ, AclCodes.DESCRIBE, AclCodes.DELETE, AclCodes.DESCRIBE_CONFIGS,
          AclCodes.ALTER_CONFIGS};
      case AclCodes.CLUSTER -> new byte[] {AclCodes.CREATE, AclCodes.CLUSTER_ACTION, AclCodes.DESCRIBE_CONFIGS,
          AclCodes.ALTER_CONFIGS, AclCodes.IDEMPOTENT_WRITE, AclCodes.ALTER, AclCodes.DESCRIBE};
      case AclCodes.TRANSACTIONAL_ID -> new byte[] {AclCodes.DESCRIBE, AclCodes.WRITE, AclCodes.TWO_PHASE_COMMIT};
      default -> new byte[0];
    };
  }
}
