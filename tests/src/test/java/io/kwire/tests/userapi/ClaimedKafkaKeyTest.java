package io.kwire.tests.userapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.ApiKey;
import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.CodecClashException;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's record deliberately claims API key 18 REQUEST, which kwire-messages already gives to
 * ApiVersionsRequest. The processor sees one compilation unit and cannot object; discovery must then
 * report the clash with both codec names on every attempt, and a registry built to replace
 * Kafka's codec with the vendor's must work.
 */
class ClaimedKafkaKeyTest {
  private static final String VENDOR_CODEC = "vendor.VendorApiVersionsRequestCodec";
  private static final String CLASH = "two codecs claim API key 18 REQUEST: "
      + ApiVersionsRequestCodec.class.getName() + " and " + VENDOR_CODEC + "; ";

  @TempDir static Path vendorJar;

  @BeforeAll
  static void compileTheVendorsRecord() throws Exception {
    CompiledUserApi.compileInto(vendorJar, "vendor.VendorApiVersionsRequest", """
        package vendor;
        import io.kwire.annotations.*;
        import io.kwire.runtime.wire.UnknownTaggedFields;
        /** ApiVersions with a vendor's tagged field. */
        @ApiKey(value = 18, type = MessageType.REQUEST, validVersions = "0-5", flexibleVersions = "3+")
        public record VendorApiVersionsRequest(
            @Field(versions = "3+", ignorable = true) String clientSoftwareName,
            @Field(versions = "3+", ignorable = true) String clientSoftwareVersion,
            @Field(versions = "5+", nullableVersions = "5+", ignorable = true, defaultValue = "null") String clusterId,
            @Field(versions = "5+", ignorable = true, defaultValue = "-1") int nodeId,
            @Field(versions = "3+", nullableVersions = "3+", tag = 0, taggedVersions = "3+", defaultValue = "null")
                String vendorFeature,
            UnknownTaggedFields unknownTaggedFields) {}
        """);
  }

  /** The vendor's classes next to everything the tests see: kwire-messages, kwire-runtime, the Echo API. */
  private static URLClassLoader besideKwireMessages() throws Exception {
    return new URLClassLoader(new URL[] {vendorJar.toUri().toURL()}, ClaimedKafkaKeyTest.class.getClassLoader());
  }

  @Test
  void discoveryReportsTheClashOnEveryAttemptNamingBothCodecs() throws Exception {
    try (URLClassLoader loader = besideKwireMessages()) {
      CodecClashException first = assertThrows(CodecClashException.class, () -> KwireRegistry.load(loader));
      CodecClashException second = assertThrows(CodecClashException.class, () -> KwireRegistry.load(loader));
      for (CodecClashException e : List.of(first, second)) {
        assertTrue(e.getMessage().startsWith(CLASH), e.getMessage());
        assertEquals("API key 18 REQUEST", e.claim());
        assertEquals(List.of(ApiVersionsRequestCodec.class.getName(), VENDOR_CODEC), e.codecClasses());
      }
    }
  }

  /**
   * {@link KwireRegistry#standard()} itself, loaded with kwire-runtime, kwire-messages and the vendor's
   * classes in a class loader of their own (its one-time discovery would otherwise be this JVM's).
   */
  @Test
  void theStandardRegistryReportsTheClashOnEveryCall() throws Exception {
    List<URL> path = new ArrayList<>();
    for (Class<?> c : List.of(KwireRegistry.class, ApiKey.class, ApiVersionsRequest.class)) {
      path.add(c.getProtectionDomain().getCodeSource().getLocation());
    }
    path.add(vendorJar.toUri().toURL());
    try (URLClassLoader isolated = new URLClassLoader(path.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
      Method standard = isolated.loadClass(KwireRegistry.class.getName()).getMethod("standard");
      Throwable first = assertThrows(InvocationTargetException.class, () -> standard.invoke(null)).getCause();
      Throwable second = assertThrows(InvocationTargetException.class, () -> standard.invoke(null)).getCause();
      for (Throwable e : List.of(first, second)) {
        assertEquals(CodecClashException.class.getName(), e.getClass().getName(), () -> "not a clash report: " + e);
        assertTrue(e.getMessage().startsWith(CLASH), e.getMessage());
      }
      assertNotSame(first, second);
    }
  }

  @Test
  void aRegistryBuiltToReplaceKafkasCodecUsesTheVendors() throws Exception {
    try (URLClassLoader loader = besideKwireMessages()) {
      ApiMessageCodec<?> vendor = (ApiMessageCodec<?>) loader.loadClass(VENDOR_CODEC).getField("INSTANCE").get(null);
      KwireRegistry registry = KwireRegistry.builder().addDiscovered(loader).replace(vendor).build();

      assertSame(vendor, registry.request(18));
      assertSame(ApiVersionsResponseCodec.INSTANCE.getClass(), registry.response(18).getClass());
      assertSame(EchoRequestCodec.class, registry.request(10000).getClass());
      assertTrue(registry.codecs().stream().noneMatch(c -> c instanceof ApiVersionsRequestCodec));

      // A client's ordinary ApiVersions v3 frame now decodes into the vendor's record.
      ApiVersionsRequest kafkas = new ApiVersionsRequest("kwire", "0.1", null, -1, UnknownTaggedFields.EMPTY);
      byte[] frame = Frames.encodeRequest(new RequestHeader((short) 18, (short) 3, 7, "c"),
          ApiVersionsRequestCodec.INSTANCE, kafkas);
      DecodedRequest<?> decoded = Frames.decodeRequest(frame, registry);
      assertSame(vendor, decoded.codec());
      Object body = decoded.body();
      assertInstanceOf(vendor.messageType(), body);
      assertEquals("kwire", body.getClass().getMethod("clientSoftwareName").invoke(body));
      assertEquals(null, body.getClass().getMethod("vendorFeature").invoke(body));
    }
  }
}
