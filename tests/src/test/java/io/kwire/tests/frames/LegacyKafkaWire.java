package io.kwire.tests.frames;

import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.tests.oracle.KafkaOracles;
import java.nio.ByteBuffer;

/**
 * Request frames as kafka-clients 3.9.1 writes them, for versions 4.x removed. The body comes from
 * the legacy oracle (kwire's content copied into 3.9.1's message class, records as its
 * MemoryRecords); header and framing from 3.9.1's RequestHeader and RequestUtils, by reflection in
 * that oracle's class loader.
 */
final class LegacyKafkaWire {
  private LegacyKafkaWire() {}

  @SuppressWarnings({"unchecked", "rawtypes"})
  static byte[] request(String apiKeyName, Object kwireBody, MessageDescriptor descriptor, short version,
      String clientId, int correlationId) throws ReflectiveOperationException {
    Object body = KafkaOracles.legacy().toKafka(kwireBody, descriptor);
    ClassLoader loader = body.getClass().getClassLoader();
    Class<?> apiKeys = Class.forName("org.apache.kafka.common.protocol.ApiKeys", true, loader);
    Class<?> headerClass = Class.forName("org.apache.kafka.common.requests.RequestHeader", true, loader);
    Class<?> message = Class.forName("org.apache.kafka.common.protocol.Message", true, loader);
    Class<?> requestUtils = Class.forName("org.apache.kafka.common.requests.RequestUtils", true, loader);
    Object api = Enum.valueOf((Class) apiKeys, apiKeyName);
    Object header = headerClass.getConstructor(apiKeys, short.class, String.class, int.class)
        .newInstance(api, version, clientId, correlationId);
    Object headerData = headerClass.getMethod("data").invoke(header);
    short headerVersion = (short) headerClass.getMethod("headerVersion").invoke(header);
    ByteBuffer serialized = (ByteBuffer) requestUtils.getMethod("serialize", message, short.class, message, short.class)
        .invoke(null, headerData, headerVersion, body, version);
    ByteBuffer frame = ByteBuffer.allocate(4 + serialized.remaining());
    frame.putInt(serialized.remaining()).put(serialized);
    return frame.array();
  }
}
