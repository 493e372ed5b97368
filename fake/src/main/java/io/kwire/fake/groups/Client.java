package io.kwire.fake.groups;

/** Who a member is as DescribeGroups shows it: the client id and the host it connected from. */
public record Client(String id, String host) {}
