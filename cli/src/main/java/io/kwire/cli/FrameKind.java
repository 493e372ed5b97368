package io.kwire.cli;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.wire.KwireProtocolException;

/**
 * Whether a frame is a request or a response, for explain and decode --frame. A request says what
 * it is in its header; a response does not (its header is only a correlation id), so reading one
 * takes --api and --version. When neither --request nor --response is given, a frame is a request
 * if it reads as one; the error then says why it does not, and what a response would need.
 */
final class FrameKind {
  private FrameKind() {}

  static MessageType of(KwireRegistry registry, byte[] frame, MessageType told, String api, Integer version) {
    if (told == MessageType.REQUEST) {
      return told;
    }
    if (told == MessageType.RESPONSE) {
      requireResponseOptions(registry, api, version, "");
      return told;
    }
    String notRequest = whyNotRequest(registry, frame, api);
    if (notRequest == null) {
      return MessageType.REQUEST;
    }
    requireResponseOptions(registry, api, version, "the input is not a request frame: " + notRequest + "; ");
    return MessageType.RESPONSE;
  }

  private static void requireResponseOptions(KwireRegistry registry, String api, Integer version, String context) {
    if (api == null) {
      throw new UsageException(context + "a response frame does not say what it answers: give --api NAME|KEY"
          + " and --version N");
    }
    if (version == null) {
      ApiMessageCodec<?> codec = Apis.find(registry, api, MessageType.RESPONSE);
      throw new UsageException(context + "missing --version: a response frame does not say its version ("
          + Apis.baseName(codec) + " has versions " + codec.descriptor().validVersions() + ")");
    }
  }

  /** Why {@code frame} is not a request (of {@code api}, if given), or null when it reads as one. */
  static String whyNotRequest(KwireRegistry registry, byte[] frame, String api) {
    if (frame.length < 4) {
      return "it has " + frame.length + " byte(s), too short to be a frame (a frame starts with a 4-byte size)";
    }
    int size = ((frame[0] & 0xFF) << 24) | ((frame[1] & 0xFF) << 16) | ((frame[2] & 0xFF) << 8) | (frame[3] & 0xFF);
    if (size != frame.length - 4) {
      return String.format("its size prefix (0x%08x) says %s bytes follow, but the input has %d after it", size,
          Integer.toUnsignedString(size), frame.length - 4);
    }
    if (frame.length < 8) {
      return "it has " + frame.length + " bytes, too short for a request header (API key and version)";
    }
    short key = (short) (((frame[4] & 0xFF) << 8) | (frame[5] & 0xFF));
    short version = (short) (((frame[6] & 0xFF) << 8) | (frame[7] & 0xFF));
    ApiMessageCodec<?> codec = registry.findRequest(key).orElse(null);
    if (codec == null) {
      return "its header would name API key " + key + ", which kwire does not know (kwire apis lists the known ones;"
          + " --classpath adds your own)";
    }
    String name = Apis.baseName(codec);
    if (api != null && Apis.find(registry, api, MessageType.REQUEST) != codec) {
      return "its header would name " + name + " (API key " + key + "), not " + api;
    }
    if (!codec.descriptor().validVersions().contains(version)) {
      return "its header would name " + name + " version " + version + ", but " + name + " has versions "
          + codec.descriptor().validVersions();
    }
    try {
      Frames.decodeRequest(frame, registry);
      return null;
    } catch (KwireProtocolException e) {
      return "it does not decode as a " + name + " v" + version + " request (" + e.getMessage() + ")";
    }
  }
}
