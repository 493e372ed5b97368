package io.kwire.fake.groups;

/** The group types of Kafka 4.4 (ListGroups' {@code GroupType}); the fake has classic and consumer groups. */
public enum GroupType {
  CLASSIC("classic"),
  CONSUMER("consumer"),
  SHARE("share"),
  STREAMS("streams");

  private final String wireName;

  GroupType(String wireName) {
    this.wireName = wireName;
  }

  /** The name ListGroups gives and filters by. */
  public String wireName() {
    return wireName;
  }
}
