package io.kwire.fake.junit;

import io.kwire.fake.FakeCluster;
import java.lang.reflect.Parameter;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link FakeKafka}: one cluster per test class, started before its first
 * test (nested classes share their outer class's), kept in the class's extension store, which
 * closes it after the class's tests. Resolves {@link FakeCluster} parameters and
 * {@link BootstrapServers} strings.
 */
public final class FakeKafkaExtension implements BeforeAllCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(FakeKafkaExtension.class);
  private static final String CLUSTER = "cluster";

  /** For JUnit, which makes the extension named by {@link FakeKafka}. */
  public FakeKafkaExtension() {}

  @Override
  public void beforeAll(ExtensionContext context) {
    cluster(context);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Parameter p = parameter.getParameter();
    return p.getType() == FakeCluster.class
        || p.getType() == String.class && parameter.isAnnotated(BootstrapServers.class);
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    FakeCluster cluster = cluster(context);
    if (parameter.getParameter().getType() == FakeCluster.class) {
      return cluster;
    }
    if (parameter.isAnnotated(BootstrapServers.class)) {
      return cluster.bootstrapServers();
    }
    throw new ParameterResolutionException("not a fake cluster parameter: " + parameter.getParameter());
  }

  /** The cluster of the nearest class context holding one, started in the outermost if none does. */
  private static FakeCluster cluster(ExtensionContext context) {
    ExtensionContext classContext = context;
    while (classContext.getTestMethod().isPresent() && classContext.getParent().isPresent()) {
      classContext = classContext.getParent().get();
    }
    FakeKafka settings = classContext.getTestClass()
        .flatMap(c -> AnnotationSupport.findAnnotation(c, FakeKafka.class))
        .orElse(null);
    return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(CLUSTER, key -> start(settings), FakeCluster.class);
  }

  private static FakeCluster start(FakeKafka settings) {
    FakeCluster.Builder builder = FakeCluster.builder();
    if (settings != null) {
      builder.brokers(settings.brokers()).autoCreateTopics(settings.autoCreateTopics())
          .defaultPartitions(settings.defaultPartitions());
    }
    return builder.start();
  }
}
