package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.DeleteShareGroupStateRequestCodec;
import io.kwire.messages.DeleteShareGroupStateResponseCodec;
import io.kwire.messages.InitializeShareGroupStateRequestCodec;
import io.kwire.messages.InitializeShareGroupStateResponseCodec;
import io.kwire.messages.ReadShareGroupStateRequestCodec;
import io.kwire.messages.ReadShareGroupStateResponseCodec;
import io.kwire.messages.ReadShareGroupStateSummaryRequestCodec;
import io.kwire.messages.ReadShareGroupStateSummaryResponseCodec;
import io.kwire.messages.WriteShareGroupStateRequestCodec;
import io.kwire.messages.WriteShareGroupStateResponseCodec;
import java.util.List;

/** The share coordinator's APIs (83-87) at the versions Kafka 4.4.0 answers; {@link BrokerApis} adds them to the rest. */
final class ShareStateApis {
  private ShareStateApis() {}

  static List<FakeApi<?, ?>> of(ClusterState cluster, GroupCoordinator groups) {
    return List.of(
        FakeApi.of(InitializeShareGroupStateRequestCodec.INSTANCE, InitializeShareGroupStateResponseCodec.INSTANCE, 0, 0,
            ShareStateHandlers.initialize(cluster, groups)),
        FakeApi.of(ReadShareGroupStateRequestCodec.INSTANCE, ReadShareGroupStateResponseCodec.INSTANCE, 0, 0,
            ShareStateHandlers.read(cluster, groups)),
        FakeApi.of(WriteShareGroupStateRequestCodec.INSTANCE, WriteShareGroupStateResponseCodec.INSTANCE, 0, 1,
            ShareStateHandlers.write(cluster, groups)),
        FakeApi.of(DeleteShareGroupStateRequestCodec.INSTANCE, DeleteShareGroupStateResponseCodec.INSTANCE, 0, 0,
            ShareStateHandlers.delete(cluster, groups)),
        FakeApi.of(ReadShareGroupStateSummaryRequestCodec.INSTANCE, ReadShareGroupStateSummaryResponseCodec.INSTANCE,
            0, 1, ShareStateHandlers.summary(cluster, groups)));
  }
}
