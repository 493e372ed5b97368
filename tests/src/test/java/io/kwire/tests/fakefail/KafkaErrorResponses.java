package io.kwire.tests.fakefail;

import io.kwire.tests.oracle.KafkaOracle;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;

/**
 * Kafka's answer to a request it refuses as a whole: the request's bytes parsed by Kafka's {@code
 * AbstractRequest.parseRequest}, its {@code getErrorResponse(0, Errors.forCode(code).exception())},
 * serialized at the request's version. Through reflection, so that either oracle (4.4.0, or 3.9.1
 * for the versions 4.x removed) answers, each in its own class loader.
 */
final class KafkaErrorResponses {
  private KafkaErrorResponses() {}

  /** Kafka's response body, or an {@link IllegalStateException} saying why Kafka has none. */
  static byte[] of(KafkaOracle oracle, ClassLoader kafka, short apiKey, short version, byte[] requestBody,
      short errorCode) {
    try {
      Class<?> apiKeys = kafka.loadClass("org.apache.kafka.common.protocol.ApiKeys");
      Class<?> abstractRequest = kafka.loadClass("org.apache.kafka.common.requests.AbstractRequest");
      Class<?> errors = kafka.loadClass("org.apache.kafka.common.protocol.Errors");
      Object api = apiKeys.getMethod("forId", int.class).invoke(null, (int) apiKey);
      Object parsed = parse(kafka, abstractRequest, apiKeys, api, version, requestBody);
      Object request = parsed.getClass().getField("request").get(parsed);
      Object error = errors.getMethod("forCode", short.class).invoke(null, errorCode);
      Throwable exception = (Throwable) errors.getMethod("exception").invoke(error);
      Object response = abstractRequest.getMethod("getErrorResponse", int.class, Throwable.class)
          .invoke(request, 0, exception);
      if (response == null) {
        throw new IllegalStateException("Kafka's " + request.getClass().getSimpleName() + " has no error response");
      }
      Method data = response.getClass().getMethod("data");
      data.setAccessible(true);
      return oracle.serialize(data.invoke(response), version);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("Kafka's error response for api " + apiKey + " v" + version + ": " + e.getCause(),
          e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("kafka-clients " + oracle.label() + ": " + e, e);
    }
  }

  /** parseRequest takes a Readable in 4.x, a ByteBuffer in 3.x. */
  private static Object parse(ClassLoader kafka, Class<?> abstractRequest, Class<?> apiKeys, Object api, short version,
      byte[] body) throws ReflectiveOperationException {
    try {
      Class<?> readable = kafka.loadClass("org.apache.kafka.common.protocol.Readable");
      Object accessor = kafka.loadClass("org.apache.kafka.common.protocol.ByteBufferAccessor")
          .getConstructor(ByteBuffer.class).newInstance(ByteBuffer.wrap(body));
      return abstractRequest.getMethod("parseRequest", apiKeys, short.class, readable).invoke(null, api, version,
          accessor);
    } catch (NoSuchMethodException e) {
      return abstractRequest.getMethod("parseRequest", apiKeys, short.class, ByteBuffer.class)
          .invoke(null, api, version, ByteBuffer.wrap(body));
    }
  }

  /** Kafka's description of the code, the text its getErrorResponse puts in some error messages. */
  static String message(ClassLoader kafka, short errorCode) {
    try {
      Class<?> errors = kafka.loadClass("org.apache.kafka.common.protocol.Errors");
      Object error = errors.getMethod("forCode", short.class).invoke(null, errorCode);
      return (String) errors.getMethod("message").invoke(error);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("kafka-clients Errors: " + e, e);
    }
  }
}
