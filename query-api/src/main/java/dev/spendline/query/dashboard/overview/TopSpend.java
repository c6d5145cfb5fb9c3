package dev.spendline.query.dashboard.overview;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.query.dashboard.QueryLinks;
import java.time.LocalDate;
import java.util.List;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * The largest values of one dimension this month, each linking to the spend explorer narrowed to
 * it and broken down by {@code drillBy} (a dimension rolled up together with this one, so the
 * explorer can filter on it).
 */
record TopSpend(Dimension dimension, Dimension drillBy, List<SpendRow> rows, LocalDate from, LocalDate to) {

    /** The explorer for one value: e.g. the models of the feature {@code search} this month. */
    public String link(String value) {
        MultiValueMap<String, String> parameters = month(drillBy.wireName());
        parameters.add(dimension.wireName(), value);
        return QueryLinks.of("/app/spend", parameters);
    }

    /** The explorer with every value of this dimension this month. */
    public String all() {
        return QueryLinks.of("/app/spend", month(dimension.wireName()));
    }

    private MultiValueMap<String, String> month(String by) {
        MultiValueMap<String, String> parameters = new LinkedMultiValueMap<>();
        parameters.add("by", by);
        parameters.add("from", from.toString());
        parameters.add("to", to.toString());
        return parameters;
    }
}
