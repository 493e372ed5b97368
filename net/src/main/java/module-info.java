/** A Kafka-protocol server and client on Netty, with TLS and SASL; see {@link io.kwire.net}. */
module io.kwire.net {
  requires transitive io.kwire.runtime;
  // Netty's types are part of this API (event loops, SslContext, channel attributes): transitive.
  requires transitive io.netty.common;
  requires transitive io.netty.transport;
  requires transitive io.netty.handler;
  requires io.netty.codec; // the frame decoders (package-private since issue 30)
  requires transitive io.netty.buffer; // FrameSink hands on ByteBufs

  exports io.kwire.net;
  exports io.kwire.net.sasl;
  exports io.kwire.net.tls;
}
