package io.kwire.fake.security;

/** The protocol's codes of Kafka's ACL enums: resource, pattern, operation and permission types. */
public final class AclCodes {
  // ResourceType
  public static final byte UNKNOWN = 0;
  public static final byte ANY = 1;
  public static final byte TOPIC = 2;
  public static final byte GROUP = 3;
  public static final byte CLUSTER = 4;
  public static final byte TRANSACTIONAL_ID = 5;
  public static final byte DELEGATION_TOKEN = 6;
  public static final byte USER = 7;

  // PatternType (UNKNOWN 0 and ANY 1 as above)
  public static final byte MATCH = 2;
  public static final byte LITERAL = 3;
  public static final byte PREFIXED = 4;

  // AclOperation (UNKNOWN 0 and ANY 1 as above)
  public static final byte ALL = 2;
  public static final byte READ = 3;
  public static final byte WRITE = 4;
  public static final byte CREATE = 5;
  public static final byte DELETE = 6;
  public static final byte ALTER = 7;
  public static final byte DESCRIBE = 8;
  public static final byte CLUSTER_ACTION = 9;
  public static final byte DESCRIBE_CONFIGS = 10;
  public static final byte ALTER_CONFIGS = 11;
  public static final byte IDEMPOTENT_WRITE = 12;
  public static final byte CREATE_TOKENS = 13;
  public static final byte DESCRIBE_TOKENS = 14;
  public static final byte TWO_PHASE_COMMIT = 15;

  // AclPermissionType (UNKNOWN 0 and ANY 1 as above)
  public static final byte DENY = 2;
  public static final byte ALLOW = 3;

  /** The one name a CLUSTER resource has. */
  public static final String CLUSTER_NAME = "kafka-cluster";
  /** A literal resource name, principal or host that matches every one. */
  public static final String WILDCARD = "*";

  private AclCodes() {}

  /** A resource type code Kafka knows, UNKNOWN otherwise (as Kafka's {@code ResourceType.fromCode}). */
  public static byte resourceType(byte code) {
    return code >= ANY && code <= USER ? code : UNKNOWN;
  }

  public static byte patternType(byte code) {
    return code >= ANY && code <= PREFIXED ? code : UNKNOWN;
  }

  public static byte operation(byte code) {
    return code >= ANY && code <= TWO_PHASE_COMMIT ? code : UNKNOWN;
  }

  public static byte permission(byte code) {
    return code >= ANY && code <= ALLOW ? code : UNKNOWN;
  }

  /** Kafka's names of the operations, by code, for messages. */
  public static String operationName(byte code) {
    return switch (operation(code)) {
      case ANY -> "ANY";
      case ALL -> "ALL";
      case READ -> "READ";
      case WRITE -> "WRITE";
      case CREATE -> "CREATE";
      case DELETE -> "DELETE";
      case ALTER -> "ALTER";
      case DESCRIBE -> "DESCRIBE";
      case CLUSTER_ACTION -> "CLUSTER_ACTION";
      case DESCRIBE_CONFIGS -> "DESCRIBE_CONFIGS";
      case ALTER_CONFIGS -> "ALTER_CONFIGS";
      case IDEMPOTENT_WRITE -> "IDEMPOTENT_WRITE";
      case CREATE_TOKENS -> "CREATE_TOKENS";
      case DESCRIBE_TOKENS -> "DESCRIBE_TOKENS";
      case TWO_PHASE_COMMIT -> "TWO_PHASE_COMMIT";
      default -> "UNKNOWN";
    };
  }
}
