package io.kwire.proxy.filters;

import io.kwire.messages.AddOffsetsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnRequest;
import io.kwire.messages.ConsumerGroupHeartbeatRequest;
import io.kwire.messages.DeleteGroupsRequest;
import io.kwire.messages.DeleteRecordsRequest;
import io.kwire.messages.DescribeGroupsRequest;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FindCoordinatorRequest;
import io.kwire.messages.HeartbeatRequest;
import io.kwire.messages.JoinGroupRequest;
import io.kwire.messages.LeaveGroupRequest;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.OffsetCommitRequest;
import io.kwire.messages.OffsetFetchRequest;
import io.kwire.messages.OffsetForLeaderEpochRequest;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.SyncGroupRequest;
import io.kwire.messages.TxnOffsetCommitRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/**
 * The topics and the groups a request names, for the {@link FaultFilter}'s {@code topic=} and
 * {@code group=} rules: the clients' data and group APIs. A topic named by id (Produce and Fetch from
 * v13) is told by the name {@code names} gives for it (learnt from Metadata responses).
 */
final class RequestNames {
  private RequestNames() {}

  static List<String> topics(Object request, Function<UUID, String> names) {
    List<String> out = new ArrayList<>();
    if (request instanceof ProduceRequest r) {
      r.topicData().forEach(t -> add(out, t.name(), t.topicId(), names));
    } else if (request instanceof FetchRequest r) {
      r.topics().forEach(t -> add(out, t.topic(), t.topicId(), names));
    } else if (request instanceof MetadataRequest r && r.topics() != null) {
      r.topics().forEach(t -> add(out, t.name(), t.topicId(), names));
    } else if (request instanceof ListOffsetsRequest r) {
      r.topics().forEach(t -> out.add(t.name()));
    } else if (request instanceof OffsetForLeaderEpochRequest r) {
      r.topics().forEach(t -> out.add(t.topic()));
    } else if (request instanceof OffsetCommitRequest r) {
      r.topics().forEach(t -> add(out, t.name(), t.topicId(), names));
    } else if (request instanceof OffsetFetchRequest r) {
      if (r.topics() != null) {
        r.topics().forEach(t -> out.add(t.name()));
      }
      if (r.groups() != null) {
        r.groups().forEach(g -> {
          if (g.topics() != null) {
            g.topics().forEach(t -> add(out, t.name(), t.topicId(), names));
          }
        });
      }
    } else if (request instanceof TxnOffsetCommitRequest r) {
      r.topics().forEach(t -> out.add(t.name()));
    } else if (request instanceof DeleteRecordsRequest r) {
      r.topics().forEach(t -> out.add(t.name()));
    } else if (request instanceof AddPartitionsToTxnRequest r) {
      if (r.v3AndBelowTopics() != null) {
        r.v3AndBelowTopics().forEach(t -> out.add(t.name()));
      }
      if (r.transactions() != null) {
        r.transactions().forEach(x -> x.topics().forEach(t -> out.add(t.name())));
      }
    } else if (request instanceof ConsumerGroupHeartbeatRequest r && r.subscribedTopicNames() != null) {
      out.addAll(r.subscribedTopicNames());
    }
    return out;
  }

  static List<String> groups(Object request) {
    if (request instanceof JoinGroupRequest r) {
      return List.of(r.groupId());
    } else if (request instanceof SyncGroupRequest r) {
      return List.of(r.groupId());
    } else if (request instanceof HeartbeatRequest r) {
      return List.of(r.groupId());
    } else if (request instanceof LeaveGroupRequest r) {
      return List.of(r.groupId());
    } else if (request instanceof OffsetCommitRequest r) {
      return List.of(r.groupId());
    } else if (request instanceof OffsetFetchRequest r) {
      List<String> out = new ArrayList<>();
      if (r.groupId() != null && !r.groupId().isEmpty()) {
        out.add(r.groupId());
      }
      if (r.groups() != null) {
        r.groups().forEach(g -> out.add(g.groupId()));
      }
      return out;
    } else if (request instanceof FindCoordinatorRequest r && r.keyType() == 0) {
      List<String> out = new ArrayList<>();
      if (r.key() != null && !r.key().isEmpty()) {
        out.add(r.key());
      }
      if (r.coordinatorKeys() != null) {
        out.addAll(r.coordinatorKeys());
      }
      return out;
    } else if (request instanceof TxnOffsetCommitRequest r) {
      return List.of(r.groupId());
    } else if (request instanceof AddOffsetsToTxnRequest r) {
      return List.of(r.groupId());
    } else if (request instanceof DescribeGroupsRequest r) {
      return r.groups();
    } else if (request instanceof DeleteGroupsRequest r) {
      return r.groupsNames();
    } else if (request instanceof ConsumerGroupHeartbeatRequest r) {
      return List.of(r.groupId());
    }
    return List.of();
  }

  private static void add(List<String> out, String name, UUID id, Function<UUID, String> names) {
    if (name != null && !name.isEmpty()) {
      out.add(name);
    } else if (id != null) {
      String known = names.apply(id);
      if (known != null) {
        out.add(known);
      }
    }
  }
}
