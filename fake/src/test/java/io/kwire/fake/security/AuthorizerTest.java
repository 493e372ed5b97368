package io.kwire.fake.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** StandardAuthorizer's rules, one at a time. */
class AuthorizerTest {
  private final AclStore acls = new AclStore();
  private final Authorizer authorizer = new Authorizer(acls, Set.of("User:root"), false);

  private void add(byte type, String name, byte pattern, String principal, String host, byte operation,
      byte permission) {
    acls.add(new AclBinding(type, name, pattern, principal, host, operation, permission));
  }

  private boolean may(String principal, String host, byte operation, byte type, String name) {
    return authorizer.authorize(principal, host, operation, type, name);
  }

  @Test
  void literalWildcardAndPrefixedPatternsPrincipalsAndHosts() {
    add(AclCodes.TOPIC, "orders", AclCodes.LITERAL, "User:alice", "*", AclCodes.READ, AclCodes.ALLOW);
    add(AclCodes.TOPIC, "*", AclCodes.LITERAL, "User:bob", "10.0.0.1", AclCodes.WRITE, AclCodes.ALLOW);
    add(AclCodes.TOPIC, "logs-", AclCodes.PREFIXED, "User:*", "*", AclCodes.ALL, AclCodes.ALLOW);
    assertTrue(may("User:alice", "1.2.3.4", AclCodes.READ, AclCodes.TOPIC, "orders"));
    assertFalse(may("User:alice", "1.2.3.4", AclCodes.WRITE, AclCodes.TOPIC, "orders"));
    assertFalse(may("User:alice", "1.2.3.4", AclCodes.READ, AclCodes.TOPIC, "orders2"));
    assertTrue(may("User:bob", "10.0.0.1", AclCodes.WRITE, AclCodes.TOPIC, "anything"));
    assertFalse(may("User:bob", "10.0.0.2", AclCodes.WRITE, AclCodes.TOPIC, "anything"), "another host");
    assertTrue(may("User:carol", "h", AclCodes.DELETE, AclCodes.TOPIC, "logs-eu"));
    assertFalse(may("User:carol", "h", AclCodes.DELETE, AclCodes.TOPIC, "log"));
    assertFalse(may("User:carol", "h", AclCodes.READ, AclCodes.GROUP, "logs-eu"), "another resource type");
    assertTrue(may("User:root", "h", AclCodes.ALTER, AclCodes.CLUSTER, "kafka-cluster"), "a super user");
  }

  @Test
  void impliedOperationsAndDenyWins() {
    add(AclCodes.TOPIC, "t", AclCodes.LITERAL, "User:a", "*", AclCodes.WRITE, AclCodes.ALLOW);
    add(AclCodes.TOPIC, "t", AclCodes.LITERAL, "User:a", "*", AclCodes.ALTER_CONFIGS, AclCodes.ALLOW);
    assertTrue(may("User:a", "h", AclCodes.DESCRIBE, AclCodes.TOPIC, "t"), "WRITE implies DESCRIBE");
    assertTrue(may("User:a", "h", AclCodes.DESCRIBE_CONFIGS, AclCodes.TOPIC, "t"), "ALTER_CONFIGS implies it");
    assertFalse(may("User:a", "h", AclCodes.READ, AclCodes.TOPIC, "t"));
    add(AclCodes.TOPIC, "t", AclCodes.PREFIXED, "User:*", "*", AclCodes.DESCRIBE, AclCodes.DENY);
    assertFalse(may("User:a", "h", AclCodes.DESCRIBE, AclCodes.TOPIC, "t"), "a DENY wins over the implied ALLOW");
    assertTrue(may("User:a", "h", AclCodes.WRITE, AclCodes.TOPIC, "t"), "DENY DESCRIBE does not deny WRITE");
    add(AclCodes.TOPIC, "*", AclCodes.LITERAL, "User:a", "*", AclCodes.ALL, AclCodes.DENY);
    assertFalse(may("User:a", "h", AclCodes.WRITE, AclCodes.TOPIC, "t"), "DENY ALL denies all");
    // bits 4 WRITE... none left; on another topic nothing either
    assertEquals(0, authorizer.authorizedOperations("User:a", "h", AclCodes.TOPIC, "t"));
  }

  @Test
  void noAclFoundIsRefusedUnlessEveryoneIsAllowedAndRemovalsAreSeen() {
    assertFalse(may("User:a", "h", AclCodes.READ, AclCodes.TOPIC, "t"));
    Authorizer open = new Authorizer(acls, Set.of(), true);
    assertTrue(open.authorize("User:a", "h", AclCodes.READ, AclCodes.TOPIC, "t"));
    add(AclCodes.TOPIC, "t", AclCodes.LITERAL, "User:b", "*", AclCodes.READ, AclCodes.ALLOW);
    assertFalse(open.authorize("User:a", "h", AclCodes.READ, AclCodes.TOPIC, "t"), "t has ACLs now, none for a");
    acls.remove(new AclFilter(AclCodes.ANY, null, AclCodes.ANY, null, null, AclCodes.ANY, AclCodes.ANY));
    assertTrue(open.authorize("User:a", "h", AclCodes.READ, AclCodes.TOPIC, "t"));
    assertFalse(may("User:b", "h", AclCodes.READ, AclCodes.TOPIC, "t"));
  }
}
