package io.kwire.fake.security;

/** Kafka's error codes of the security APIs and of authorization (the protocol's numbers). */
public final class SecurityErrors {
  public static final short TOPIC_AUTHORIZATION_FAILED = 29;
  public static final short GROUP_AUTHORIZATION_FAILED = 30;
  public static final short CLUSTER_AUTHORIZATION_FAILED = 31;
  public static final short UNSUPPORTED_SASL_MECHANISM = 33;
  public static final short UNSUPPORTED_VERSION = 35;
  public static final short INVALID_REQUEST = 42;
  public static final short TRANSACTIONAL_ID_AUTHORIZATION_FAILED = 53;
  public static final short SECURITY_DISABLED = 54;
  public static final short DELEGATION_TOKEN_AUTH_DISABLED = 61;
  public static final short DELEGATION_TOKEN_NOT_FOUND = 62;
  public static final short DELEGATION_TOKEN_OWNER_MISMATCH = 63;
  public static final short DELEGATION_TOKEN_REQUEST_NOT_ALLOWED = 64;
  public static final short DELEGATION_TOKEN_AUTHORIZATION_FAILED = 65;
  public static final short DELEGATION_TOKEN_EXPIRED = 66;
  public static final short INVALID_PRINCIPAL_TYPE = 67;
  public static final short RESOURCE_NOT_FOUND = 91;
  public static final short DUPLICATE_RESOURCE = 92;
  public static final short UNACCEPTABLE_CREDENTIAL = 93;

  /** Kafka's message for SECURITY_DISABLED from a broker without an authorizer (CreateAcls, DeleteAcls). */
  public static final String NO_AUTHORIZER = "No Authorizer is configured.";
  /** The same, as DescribeAcls words it. */
  public static final String NO_AUTHORIZER_ON_BROKER = "No Authorizer is configured on the broker";

  private SecurityErrors() {}
}
