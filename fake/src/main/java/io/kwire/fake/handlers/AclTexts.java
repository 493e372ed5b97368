package io.kwire.fake.handlers;

import io.kwire.fake.security.AclBinding;
import io.kwire.fake.security.AclCodes;

/** Kafka's names of ACL values and its {@code AclBinding.toString()}, for the messages of refused ACLs. */
final class AclTexts {
  private AclTexts() {}

  static String resourceType(byte code) {
    return switch (AclCodes.resourceType(code)) {
      case AclCodes.ANY -> "ANY";
      case AclCodes.TOPIC -> "TOPIC";
      case AclCodes.GROUP -> "GROUP";
      case AclCodes.CLUSTER -> "CLUSTER";
      case AclCodes.TRANSACTIONAL_ID -> "TRANSACTIONAL_ID";
      case AclCodes.DELEGATION_TOKEN -> "DELEGATION_TOKEN";
      case AclCodes.USER -> "USER";
      default -> "UNKNOWN";
    };
  }

  static String patternType(byte code) {
    return switch (AclCodes.patternType(code)) {
      case AclCodes.ANY -> "ANY";
      case AclCodes.MATCH -> "MATCH";
      case AclCodes.LITERAL -> "LITERAL";
      case AclCodes.PREFIXED -> "PREFIXED";
      default -> "UNKNOWN";
    };
  }

  static String permission(byte code) {
    return switch (AclCodes.permission(code)) {
      case AclCodes.ANY -> "ANY";
      case AclCodes.DENY -> "DENY";
      case AclCodes.ALLOW -> "ALLOW";
      default -> "UNKNOWN";
    };
  }

  static String binding(AclBinding acl) {
    return "(pattern=ResourcePattern(resourceType=" + resourceType(acl.resourceType()) + ", name=" + acl.resourceName()
        + ", patternType=" + patternType(acl.patternType()) + "), entry=(principal=" + acl.principal() + ", host="
        + acl.host() + ", operation=" + AclCodes.operationName(acl.operation()) + ", permissionType="
        + permission(acl.permission()) + "))";
  }
}
