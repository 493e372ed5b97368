package io.kwire.tests.userapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.messages.AlterReplicaLogDirsRequest.AlterReplicaLogDir;
import io.kwire.messages.AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic;
import io.kwire.messages.AlterReplicaLogDirsRequest;
import io.kwire.messages.AlterReplicaLogDirsRequestCodec;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What docs/reference.md promises about lists: records keep the caller's lists; decoded lists are read-only views. */
class DecodedListsAreReadOnlyTest {
  @Test
  void aRecordHoldsTheListItIsGivenAndADecodedMessageHoldsReadOnlyViews() {
    List<Integer> partitions = new ArrayList<>(List.of(0, 1));
    AlterReplicaLogDirTopic topic = new AlterReplicaLogDirTopic("t", partitions, UnknownTaggedFields.EMPTY);
    List<AlterReplicaLogDir> dirs = new ArrayList<>(List.of(new AlterReplicaLogDir("/d", List.of(topic), UnknownTaggedFields.EMPTY)));
    AlterReplicaLogDirsRequest request = new AlterReplicaLogDirsRequest(dirs, UnknownTaggedFields.EMPTY);
    assertSame(dirs, request.dirs(), "no defensive copy");

    for (short version = 0; version <= 2; version++) {
      AlterReplicaLogDirsRequest back = AlterReplicaLogDirsRequestCodec.INSTANCE.decode(
          AlterReplicaLogDirsRequestCodec.INSTANCE.encode(request, version), version);
      assertEquals(request, back);
      List<AlterReplicaLogDir> decodedDirs = back.dirs();
      List<Integer> decodedPartitions = decodedDirs.get(0).topics().get(0).partitions();
      assertThrows(UnsupportedOperationException.class, () -> decodedDirs.add(decodedDirs.get(0)));
      assertThrows(UnsupportedOperationException.class, () -> decodedDirs.set(0, decodedDirs.get(0)));
      assertThrows(UnsupportedOperationException.class, () -> decodedPartitions.set(0, 5));
      assertThrows(UnsupportedOperationException.class, () -> decodedPartitions.remove(0));
      assertEquals(List.of(0, 1), decodedPartitions);
    }
  }
}
