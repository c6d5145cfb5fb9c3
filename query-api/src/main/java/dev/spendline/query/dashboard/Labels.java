package dev.spendline.query.dashboard;

import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Names of dimensions and periods as column headings and form labels: the wire name capitalised,
 * except where the wire name is not the word people use ({@code tenant} is a customer).
 * Templates call it as {@code ${@labels.dimension('tenant')}}.
 */
@Component("labels")
public final class Labels {

    private static final Map<String, String> SPECIAL = Map.of("tenant", "Customer (tenant)");
    private static final Map<String, String> PLURAL = Map.of("tenant", "Customers");

    public String dimension(String wireName) {
        if (wireName == null || wireName.isEmpty()) {
            return "";
        }
        String special = SPECIAL.get(wireName);
        return special != null ? special : wireName.substring(0, 1).toUpperCase(Locale.ROOT) + wireName.substring(1);
    }

    /** A constant in words, for people: {@code FAILED_CALL} is "Failed call", {@code WARNING} "Warning". */
    public String words(Enum<?> value) {
        if (value == null) {
            return "";
        }
        String words = value.name().replace('_', ' ').toLowerCase(Locale.ROOT);
        return words.substring(0, 1).toUpperCase(Locale.ROOT) + words.substring(1);
    }

    /** A constant in words inside a sentence: {@code FAILED_CALL} is "failed call". */
    public String lowerWords(Enum<?> value) {
        return value == null ? "" : value.name().replace('_', ' ').toLowerCase(Locale.ROOT);
    }

    /** A heading over several values: "Features", "Customers". */
    public String plural(String wireName) {
        String special = PLURAL.get(wireName);
        return special != null ? special : dimension(wireName) + "s";
    }
}
