package io.kwire.processor.model;

import io.kwire.runtime.meta.VersionRange;

/** Where a tagged field travels in the tagged section: its tag, and the versions it is tagged in. */
public record Tagging(int tag, VersionRange versions) {}
