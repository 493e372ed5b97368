module com.example.status {
  requires io.kwire.net;
  requires io.kwire.messages;

  // On the module path ServiceLoader reads only this, not META-INF/services: without it kwire's
  // processor fails the build with [kwire/ModuleProvides] and the line to write.
  provides io.kwire.runtime.MessageCodec with
      com.example.status.StatusRequestCodec,
      com.example.status.StatusResponseCodec;
}
