package io.kwire.fake.security;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cluster's ACLs, in the order they were created (a binding created twice is kept once, as
 * Kafka does). At most {@link #MAX_ACLS}, so that no client can make the fake allocate without bound.
 */
public final class AclStore {
  /** The most ACLs the fake keeps; CreateAcls refuses the creations past it. */
  public static final int MAX_ACLS = 100_000;

  private final Set<AclBinding> acls = new LinkedHashSet<>();
  /** The literal ACLs by resource type and name, and the prefixed ones by type: what the authorizer reads. */
  private final Map<Byte, Map<String, List<AclBinding>>> literal = new HashMap<>();
  private final Map<Byte, List<AclBinding>> prefixed = new HashMap<>();

  /** Adds {@code acl}; false if the store is full (and the ACL not there already). */
  public boolean add(AclBinding acl) {
    if (acls.size() >= MAX_ACLS && !acls.contains(acl)) {
      return false;
    }
    if (acls.add(acl)) {
      index(acl).add(acl);
    }
    return true;
  }

  private List<AclBinding> index(AclBinding acl) {
    return acl.patternType() == AclCodes.PREFIXED
        ? prefixed.computeIfAbsent(acl.resourceType(), t -> new ArrayList<>())
        : literal.computeIfAbsent(acl.resourceType(), t -> new HashMap<>())
            .computeIfAbsent(acl.resourceName(), n -> new ArrayList<>());
  }

  /**
   * The ACLs whose pattern applies to a resource: literal ones of its name and of {@code *}, and
   * the prefixed ones of its type (whose prefix the caller checks).
   */
  List<AclBinding> applicable(byte resourceType, String name) {
    List<AclBinding> out = new ArrayList<>();
    Map<String, List<AclBinding>> byName = literal.getOrDefault(resourceType, Map.of());
    out.addAll(byName.getOrDefault(name, List.of()));
    if (!AclCodes.WILDCARD.equals(name)) {
      out.addAll(byName.getOrDefault(AclCodes.WILDCARD, List.of()));
    }
    out.addAll(prefixed.getOrDefault(resourceType, List.of()));
    return out;
  }

  /** The ACLs the filter matches, in creation order. */
  public List<AclBinding> matching(AclFilter filter) {
    List<AclBinding> out = new ArrayList<>();
    for (AclBinding acl : acls) {
      if (filter.matches(acl)) {
        out.add(acl);
      }
    }
    return out;
  }

  /** Removes the ACLs the filter matches and returns them. */
  public List<AclBinding> remove(AclFilter filter) {
    List<AclBinding> removed = matching(filter);
    for (AclBinding acl : removed) {
      acls.remove(acl);
      List<AclBinding> indexed = index(acl);
      indexed.remove(acl);
      if (indexed.isEmpty() && acl.patternType() != AclCodes.PREFIXED) { // no empty entries left behind
        literal.get(acl.resourceType()).remove(acl.resourceName());
      }
    }
    return removed;
  }

  /** Every ACL, in creation order. */
  public Iterable<AclBinding> all() {
    return acls;
  }

  public int size() {
    return acls.size();
  }
}
