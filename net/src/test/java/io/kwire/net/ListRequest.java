package io.kwire.net;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import java.util.List;

/** A second test API (key 1001) whose response has no top-level error code: a failure there closes. */
@ApiKey(value = 1001, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none")
public record ListRequest(@Field(versions = "0+") List<String> names) {}
