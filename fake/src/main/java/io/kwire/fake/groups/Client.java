package io.kwire.fake.groups;

/**
 * Who a member is: the client id and the host it connected from (as DescribeGroups shows them),
 * and its group instance id when it is a static member (KIP-345), else null.
 */
public record Client(String id, String host, String instanceId) {}
