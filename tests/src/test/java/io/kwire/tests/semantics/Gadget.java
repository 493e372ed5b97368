package io.kwire.tests.semantics;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.Field;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/**
 * A data message made to exercise version semantics: flexible from v1, a tagged field known only
 * from v2 (so tag 0 is unknown at v1), an ignorable and a non-ignorable field added in v2, and a
 * string nullable only from v1.
 */
@DataMessage(validVersions = "0-2", flexibleVersions = "1+")
public record Gadget(
    @Field(versions = "0+", nullableVersions = "1+") String name,
    @Field(versions = "2+", defaultValue = "7") int size,
    @Field(versions = "2+", ignorable = true) long hint,
    @Field(versions = "2+", tag = 0, taggedVersions = "2+", defaultValue = "-1") long epoch,
    @Field(versions = "1+", tag = 1, taggedVersions = "1+") List<String> labels,
    UnknownTaggedFields unknownTaggedFields) {}
