package io.kwire.tests.semantics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.tests.Hex;
import org.junit.jupiter.api.Test;

/**
 * A tagged struct at its default is left out of the tagged section; telling so must not cost a walk
 * of the struct: builders and decoders hand out the codec's one default instance, which size and
 * write recognise by identity.
 */
class TaggedStructDefaultTest {
  @Test
  void builtAndDecodedDefaultsAreTheSameInstance() {
    Tally built = new TallyBuilder().id(3).build();
    Tally decoded = TallyCodec.INSTANCE.decode(TallyCodec.INSTANCE.encode(built, (short) 1), (short) 1);
    assertSame(built.counter(), decoded.counter());
    assertSame(built.pair(), decoded.pair());
    assertSame(built.counter(), built.pair().left(), "a struct's default holds the shared default of its struct");
    assertEquals(5, built.counter().value());
  }

  @Test
  void encodingDefaultsCallsNoEquals() {
    Tally built = new TallyBuilder().id(3).build();
    Tally.EQUALS_CALLS.set(0);
    byte[] body = TallyCodec.INSTANCE.encode(built, (short) 1);
    TallyCodec.INSTANCE.size(built, (short) 1);
    assertEquals(0, Tally.EQUALS_CALLS.get());
    // id, then an empty tagged section
    assertArrayEquals(Hex.bytes("0000000300"), body);
  }

  @Test
  void anEqualButDistinctValueIsStillADefault() {
    Tally copy = new TallyBuilder().id(3).counter(new Tally.Counter(5)).build();
    Tally.EQUALS_CALLS.set(0);
    assertArrayEquals(Hex.bytes("0000000300"), TallyCodec.INSTANCE.encode(copy, (short) 1));
    assertTrue(Tally.EQUALS_CALLS.get() > 0, "equals decides when identity cannot");
  }

  @Test
  void aChangedValueIsWritten() {
    Tally changed = new TallyBuilder().id(3).counter(new Tally.Counter(9)).build();
    // tag count 1, tag 0, size 5: the value 9 and the struct's own (empty) tagged section
    assertArrayEquals(Hex.bytes("00000003" + "01" + "00" + "05" + "00000009" + "00"), TallyCodec.INSTANCE.encode(changed, (short) 1));
  }
}
