package io.kwire.fake.cluster;

/** Kafka's error codes the fake answers with (the protocol's numbers, by Kafka's names). */
public final class ErrorCode {
  public static final short NONE = 0;
  public static final short OFFSET_OUT_OF_RANGE = 1;
  public static final short CORRUPT_MESSAGE = 2;
  public static final short UNKNOWN_TOPIC_OR_PARTITION = 3;
  public static final short LEADER_NOT_AVAILABLE = 5;
  public static final short NOT_LEADER_OR_FOLLOWER = 6;
  public static final short REQUEST_TIMED_OUT = 7;
  public static final short MESSAGE_TOO_LARGE = 10;
  public static final short COORDINATOR_NOT_AVAILABLE = 15;
  public static final short NOT_COORDINATOR = 16;
  public static final short INVALID_TOPIC_EXCEPTION = 17;
  public static final short NOT_ENOUGH_REPLICAS = 19;
  public static final short NOT_ENOUGH_REPLICAS_AFTER_APPEND = 20;
  public static final short INVALID_REQUIRED_ACKS = 21;
  public static final short ILLEGAL_GENERATION = 22;
  public static final short INCONSISTENT_GROUP_PROTOCOL = 23;
  public static final short INVALID_GROUP_ID = 24;
  public static final short UNKNOWN_MEMBER_ID = 25;
  public static final short INVALID_SESSION_TIMEOUT = 26;
  public static final short REBALANCE_IN_PROGRESS = 27;
  public static final short INVALID_TIMESTAMP = 32;
  public static final short UNSUPPORTED_VERSION = 35;
  public static final short TOPIC_ALREADY_EXISTS = 36;
  public static final short INVALID_PARTITIONS = 37;
  public static final short INVALID_REPLICATION_FACTOR = 38;
  public static final short INVALID_REPLICA_ASSIGNMENT = 39;
  public static final short INVALID_CONFIG = 40;
  public static final short INVALID_REQUEST = 42;
  public static final short POLICY_VIOLATION = 44;
  public static final short OUT_OF_ORDER_SEQUENCE_NUMBER = 45;
  public static final short INVALID_PRODUCER_EPOCH = 47;
  public static final short INVALID_TXN_STATE = 48;
  public static final short INVALID_PRODUCER_ID_MAPPING = 49;
  public static final short INVALID_TRANSACTION_TIMEOUT = 50;
  public static final short TRANSACTIONAL_ID_AUTHORIZATION_FAILED = 53;
  public static final short NON_EMPTY_GROUP = 68;
  public static final short GROUP_ID_NOT_FOUND = 69;
  public static final short FETCH_SESSION_ID_NOT_FOUND = 70;
  public static final short INVALID_FETCH_SESSION_EPOCH = 71;
  public static final short FENCED_LEADER_EPOCH = 74;
  public static final short UNKNOWN_LEADER_EPOCH = 75;
  public static final short UNSUPPORTED_COMPRESSION_TYPE = 76;
  public static final short MEMBER_ID_REQUIRED = 79;
  public static final short GROUP_MAX_SIZE_REACHED = 81;
  public static final short FENCED_INSTANCE_ID = 82;
  public static final short GROUP_SUBSCRIBED_TO_TOPIC = 86;
  public static final short INVALID_RECORD = 87;
  public static final short UNSTABLE_OFFSET_COMMIT = 88;
  public static final short PRODUCER_FENCED = 90;
  public static final short UNKNOWN_TOPIC_ID = 100;
  public static final short INCONSISTENT_TOPIC_ID = 103;
  public static final short FENCED_MEMBER_EPOCH = 110;
  public static final short UNRELEASED_INSTANCE_ID = 111;
  public static final short UNSUPPORTED_ASSIGNOR = 112;
  public static final short STALE_MEMBER_EPOCH = 113;
  public static final short INVALID_RECORD_STATE = 121;
  public static final short SHARE_SESSION_NOT_FOUND = 122;
  public static final short INVALID_SHARE_SESSION_EPOCH = 123;
  public static final short INVALID_REGULAR_EXPRESSION = 128;
  public static final short SHARE_SESSION_LIMIT_REACHED = 133;
  public static final short UNSUPPORTED_ENDPOINT_TYPE = 115;

  private ErrorCode() {}
}
