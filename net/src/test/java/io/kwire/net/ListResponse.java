package io.kwire.net;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import java.util.List;

/** The answer to {@link ListRequest}: errors per name, none for the whole. */
@ApiKey(value = 1001, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "none")
public record ListResponse(@Field(versions = "0+") List<String> names) {}
