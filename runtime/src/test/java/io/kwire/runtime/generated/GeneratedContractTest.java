package io.kwire.runtime.generated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The members generated code may call are recorded per {@link GeneratedContract#VERSION} in
 * {@code contract-v<n>.txt} (beside {@link GeneratedContract}); these tests fail when the runtime
 * drifts from that record, so the contract never changes by accident.
 */
class GeneratedContractTest {
  @Test
  void theRuntimeOffersExactlyTheContractRecordedForItsVersion() throws Exception {
    List<String> current = ContractSignatures.current();
    List<String> recorded = ContractSignatures.recorded(GeneratedContract.VERSION);
    Path written = Path.of("target", "contract-current.txt");
    Files.createDirectories(written.getParent());
    Files.write(written, current);
    assertNotNull(recorded, "no contract-v" + GeneratedContract.VERSION + ".txt recorded; the current list is in " + written);
    List<String> added = new ArrayList<>(current);
    added.removeAll(recorded);
    List<String> removed = new ArrayList<>(recorded);
    removed.removeAll(current);
    if (!added.isEmpty() || !removed.isEmpty()) {
      fail("The contract between generated code and the runtime changed without a version bump.\n"
          + "added:   " + added + "\nremoved: " + removed + "\n"
          + "Adding a member: bump GeneratedContract.VERSION and record the new list (" + written + ") as contract-v"
          + (GeneratedContract.VERSION + 1) + ".txt beside contract-v" + GeneratedContract.VERSION + ".txt, which stays.\n"
          + "Removing or changing a member breaks codecs already compiled: keep the old member instead"
          + " (a deliberate break also moves GeneratedContract.OLDEST_VERSION to the new version).");
    }
  }

  @Test
  void everyEarlierContractSinceTheLastBreakIsStillOffered() throws Exception {
    List<String> current = ContractSignatures.current();
    for (int version = GeneratedContract.OLDEST_VERSION; version < GeneratedContract.VERSION; version++) {
      List<String> old = ContractSignatures.recorded(version);
      assertNotNull(old, "contract-v" + version + ".txt is gone; codecs compiled against it must keep linking");
      List<String> missing = new ArrayList<>(old);
      missing.removeAll(current);
      assertEquals(List.of(), missing, "members of contract version " + version + " this runtime no longer offers");
    }
  }

  @Test
  void theVersionBeforeTheBreakIsReallyNotOffered() throws Exception {
    // OLDEST_VERSION says which codecs must be regenerated; it must not claim a break that is not one.
    int before = GeneratedContract.OLDEST_VERSION - 1;
    List<String> old = ContractSignatures.recorded(before);
    assertNotNull(old, "contract-v" + before + ".txt, the record of the line that ended, is gone");
    List<String> missing = new ArrayList<>(old);
    missing.removeAll(ContractSignatures.current());
    assertFalse(missing.isEmpty(), "this runtime still offers all of contract version " + before
        + ": OLDEST_VERSION could be " + before);
  }

  @Test
  void theRecordCoversTheKindsOfMemberGeneratedCodeUses() throws Exception {
    // Guards the scope of ContractSignatures: an empty or truncated computation would match an
    // equally truncated record.
    List<String> recorded = ContractSignatures.recorded(GeneratedContract.VERSION);
    assertNotNull(recorded);
    for (String expected : List.of(
        "io.kwire.runtime.wire.WireWriter#writeInt32(int) : void",
        "static io.kwire.runtime.wire.WireSizes#compactString(java.lang.String) : int",
        "static io.kwire.runtime.meta.FieldDescriptor#of(java.lang.String, java.lang.String, java.lang.String, io.kwire.runtime.meta.VersionRange) : io.kwire.runtime.meta.FieldDescriptor",
        "static io.kwire.runtime.generated.GeneratedContract#VERSION : int",
        "abstract io.kwire.runtime.MessageCodec#descriptor() : io.kwire.runtime.meta.MessageDescriptor",
        "type io.kwire.runtime.records.Records")) {
      assertTrue(recorded.contains(expected), expected);
    }
  }
}
