package dev.spendline.contracts.json;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one JSON mapper every module uses for Spendline's own payloads (topic values, query
 * responses). Decimal numbers are read as {@link java.math.BigDecimal} so that money is never
 * rounded through a double on its way in.
 */
public final class Json {

    /** Thread-safe and immutable (Jackson 3 mappers are built once and never reconfigured). */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Json() {}
}
