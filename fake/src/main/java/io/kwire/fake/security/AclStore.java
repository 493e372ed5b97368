package io.kwire.fake.security;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The cluster's ACLs, in the order they were created (a binding created twice is kept once, as
 * Kafka does). At most {@link #MAX_ACLS}, so that no client can make the fake allocate without bound.
 */
public final class AclStore {
  /** The most ACLs the fake keeps; CreateAcls refuses the creations past it. */
  public static final int MAX_ACLS = 100_000;

  private final Set<AclBinding> acls = new LinkedHashSet<>();

  /** Adds {@code acl}; false if the store is full (and the ACL not there already). */
  public boolean add(AclBinding acl) {
    if (acls.size() >= MAX_ACLS && !acls.contains(acl)) {
      return false;
    }
    acls.add(acl);
    return true;
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
    removed.forEach(acls::remove);
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
