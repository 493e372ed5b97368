package io.kwire.runtime;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.util.List;

/**
 * A hand-written codec standing in for generated ones: a message of one int32, versions 0-1,
 * flexible from v1, with the given name, key and type.
 */
public abstract class IntMessageCodec<T> implements ApiMessageCodec<T> {
  private final MessageDescriptor descriptor;
  private final Class<T> messageType;

  protected IntMessageCodec(String name, int apiKey, MessageType type, Class<T> messageType) {
    this.messageType = messageType;
    descriptor = MessageDescriptor.of(name, type, apiKey, VersionRange.of(0, 1), VersionRange.from(1),
        StructDescriptor.of(name, FieldDescriptor.of("Value", "value", "int32", VersionRange.ALL)));
  }

  protected abstract T wrap(int value);

  protected abstract int unwrap(T message);

  @Override
  public MessageDescriptor descriptor() {
    return descriptor;
  }

  @Override
  public Class<T> messageType() {
    return messageType;
  }

  @Override
  public int size(T message, short version) {
    return version >= 1 ? 5 : 4;
  }

  @Override
  public void write(T message, short version, WireWriter out) {
    out.writeInt32(unwrap(message));
    if (version >= 1) {
      out.writeUnsignedVarint(0);
    }
  }

  @Override
  public T read(WireReader in, short version) {
    T message = wrap(in.readInt32());
    if (version >= 1) {
      in.skipTaggedSection();
    }
    return message;
  }
}
