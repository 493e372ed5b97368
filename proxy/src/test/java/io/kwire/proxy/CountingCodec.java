package io.kwire.proxy;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.util.concurrent.atomic.AtomicInteger;

/** A codec that counts the messages it decodes and encodes, the work otherwise its delegate's. */
final class CountingCodec<T> implements ApiMessageCodec<T> {
  private final ApiMessageCodec<T> delegate;
  final AtomicInteger decodes = new AtomicInteger();
  final AtomicInteger encodes = new AtomicInteger();

  CountingCodec(ApiMessageCodec<T> delegate) {
    this.delegate = delegate;
  }

  @Override
  public MessageDescriptor descriptor() {
    return delegate.descriptor();
  }

  @Override
  public Class<T> messageType() {
    return delegate.messageType();
  }

  @Override
  public int size(T message, short version) {
    return delegate.size(message, version);
  }

  @Override
  public void write(T message, short version, WireWriter out) {
    encodes.incrementAndGet();
    delegate.write(message, version, out);
  }

  @Override
  public T read(WireReader in, short version) {
    decodes.incrementAndGet();
    return delegate.read(in, version);
  }

  String counts() {
    return decodes.get() + " decoded, " + encodes.get() + " encoded";
  }
}
