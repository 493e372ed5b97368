package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import java.util.List;

/** Kafka's SaslHandshake response (API key 17). */
@ApiKey(value = 17, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "none")
public record SaslHandshakeResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<String> mechanisms) {}
