package io.kwire.fake.security;

/**
 * A filter of ACLs as Kafka's {@code AclBindingFilter} matches them: ANY for a type, operation or
 * permission and null for a name, principal or host match every value; pattern type ANY matches
 * patterns of the exact name whatever their type, MATCH every pattern that applies to the name
 * (the literal name, the wildcard {@code *} and every prefix of it); LITERAL and PREFIXED only
 * patterns of that type and the exact name.
 */
public record AclFilter(byte resourceType, String resourceName, byte patternType, String principal, String host,
    byte operation, byte permission) {

  /** Whether any field is UNKNOWN (a code Kafka does not know), which Kafka refuses. */
  public boolean patternUnknown() {
    return AclCodes.resourceType(resourceType) == AclCodes.UNKNOWN || AclCodes.patternType(patternType) == AclCodes.UNKNOWN;
  }

  public boolean entryUnknown() {
    return AclCodes.operation(operation) == AclCodes.UNKNOWN || AclCodes.permission(permission) == AclCodes.UNKNOWN;
  }

  public boolean matches(AclBinding acl) {
    return patternMatches(acl) && entryMatches(acl);
  }

  private boolean patternMatches(AclBinding acl) {
    if (resourceType != AclCodes.ANY && resourceType != acl.resourceType()) {
      return false;
    }
    if (patternType != AclCodes.ANY && patternType != AclCodes.MATCH && patternType != acl.patternType()) {
      return false;
    }
    if (resourceName == null) {
      return true;
    }
    if (patternType == AclCodes.ANY || patternType == acl.patternType()) {
      return resourceName.equals(acl.resourceName());
    }
    // MATCH: the patterns that apply to this name
    return acl.patternType() == AclCodes.LITERAL
        ? resourceName.equals(acl.resourceName()) || AclCodes.WILDCARD.equals(acl.resourceName())
        : resourceName.startsWith(acl.resourceName());
  }

  private boolean entryMatches(AclBinding acl) {
    return (principal == null || principal.equals(acl.principal()))
        && (host == null || host.equals(acl.host()))
        && (operation == AclCodes.ANY || operation == acl.operation())
        && (permission == AclCodes.ANY || permission == acl.permission());
  }
}
