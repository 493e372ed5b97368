/**
 * kwire messages as JSON, in the format of Apache Kafka's generated {@code *JsonConverter}
 * classes: start at {@link io.kwire.json.KwireJson}.
 *
 * <p><b>Why jackson-core 2.x.</b> This module uses only the streaming API ({@code JsonGenerator},
 * {@code JsonParser}) of {@code com.fasterxml.jackson.core:jackson-core} 2.x, not databind and not
 * Jackson 3 ({@code tools.jackson.core}). Kafka's converters, Kafka Connect and most of the
 * ecosystem are on 2.x, so a Kafka application already has it; Jackson 3 lives in other packages
 * and would be a second JSON library beside it. Rendering through the same generator also keeps
 * numbers, escapes and base64 exactly as Kafka writes them. jackson-core has no dependencies.
 *
 * <p><b>Why no generated JSON code.</b> The codec and the descriptor are enough: JSON is rendered
 * from the bytes the codec writes, read with the descriptor, and read by writing wire bytes from
 * the descriptor for the codec to decode. The processor stays unchanged for JSON, the
 * generated-code contract does not grow with it, records are never touched by reflection, and
 * the codec remains the one authority on what a message may hold. The cost is one extra
 * encode or decode per conversion.
 *
 * <p>Only users who add {@code kwire-json} get Jackson: the runtime stays JDK-only.
 */
package io.kwire.json;
