package io.kwire.fake.security;

/**
 * One ACL: a resource pattern (type, name, LITERAL or PREFIXED) and an entry (principal such as
 * {@code User:alice} or {@code User:*}, host or {@code *}, operation, ALLOW or DENY), by the
 * protocol's codes ({@link AclCodes}).
 */
public record AclBinding(byte resourceType, String resourceName, byte patternType, String principal, String host,
    byte operation, byte permission) {}
