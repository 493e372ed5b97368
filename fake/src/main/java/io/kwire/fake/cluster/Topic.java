package io.kwire.fake.cluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/** A topic: its name, id, configuration and partitions. */
public final class Topic {
  private final String name;
  private final UUID id;
  private TopicConfigs configs;
  private final List<Partition> partitions = new ArrayList<>();

  public Topic(String name, UUID id, TopicConfigs configs) {
    this.name = name;
    this.id = id;
    this.configs = configs;
  }

  public String name() {
    return name;
  }

  public UUID id() {
    return id;
  }

  public TopicConfigs configs() {
    return configs;
  }

  /** Replaces the configuration (IncrementalAlterConfigs). */
  public void configs(TopicConfigs changed) {
    configs = changed;
  }

  public List<Partition> partitions() {
    return Collections.unmodifiableList(partitions);
  }

  /** The partition of that index, or null. */
  public Partition partition(int index) {
    return index >= 0 && index < partitions.size() ? partitions.get(index) : null;
  }

  public int replicationFactor() {
    return partitions.isEmpty() ? 0 : partitions.get(0).replicas().size();
  }

  void addPartition(Partition partition) {
    partitions.add(partition);
  }
}
