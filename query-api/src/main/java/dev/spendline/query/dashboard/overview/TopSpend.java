package dev.spendline.query.dashboard.overview;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendRow;
import java.time.LocalDate;
import java.util.List;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The largest values of one dimension this month, each linking to the spend explorer narrowed to
 * it and broken down by {@code drillBy} (a dimension rolled up together with this one, so the
 * explorer can filter on it).
 */
record TopSpend(Dimension dimension, Dimension drillBy, List<SpendRow> rows, LocalDate from, LocalDate to) {

    /** The explorer for one value: e.g. the models of the feature {@code search} this month. */
    public String link(String value) {
        return month(drillBy.wireName())
                .queryParam(dimension.wireName(), value)
                .encode()
                .build()
                .toUriString();
    }

    /** The explorer with every value of this dimension this month. */
    public String all() {
        return month(dimension.wireName()).encode().build().toUriString();
    }

    private UriComponentsBuilder month(String by) {
        return UriComponentsBuilder.fromPath("/app/spend")
                .queryParam("by", by)
                .queryParam("from", from.toString())
                .queryParam("to", to.toString());
    }
}
