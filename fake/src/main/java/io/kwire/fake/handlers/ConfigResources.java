package io.kwire.fake.handlers;

import io.kwire.fake.cluster.TopicConfigs;

/** Kafka's config resource types and sources, as the config APIs number them. */
final class ConfigResources {
  static final byte TOPIC = 2;
  static final byte BROKER = 4;
  static final byte GROUP = 32;

  static final byte DYNAMIC_TOPIC_CONFIG = 1;
  static final byte DYNAMIC_DEFAULT_BROKER_CONFIG = 3;
  static final byte STATIC_BROKER_CONFIG = 4;
  static final byte DEFAULT_CONFIG = 5;
  static final byte GROUP_CONFIG = 8;

  private ConfigResources() {}

  /** Where a topic's configuration comes from, as a 4.4.0 cluster says (see TopicConfigs#MIN_INSYNC_REPLICAS). */
  static byte source(TopicConfigs configs, String name) {
    if (configs.isSet(name)) {
      return DYNAMIC_TOPIC_CONFIG;
    }
    return name.equals(TopicConfigs.MIN_INSYNC_REPLICAS) ? DYNAMIC_DEFAULT_BROKER_CONFIG : DEFAULT_CONFIG;
  }
}
