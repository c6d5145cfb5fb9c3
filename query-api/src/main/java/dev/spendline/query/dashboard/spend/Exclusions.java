package dev.spendline.query.dashboard.spend;

import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.dashboard.QueryLinks;
import dev.spendline.query.dashboard.ViewParameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * The values the explorer leaves out ({@code exclude=dimension:value}), as the report names them,
 * each with the link that puts it back: the same page with every other parameter and every other
 * exclusion. Links are built from the report's exclusions, not the text as typed, so that
 * {@code exclude= feature:search} and a value excluded twice still disappear with one click.
 */
record Exclusions(List<Exclusion> all) {

    static final String PARAMETER = "exclude";

    /** The longest file name part that names the exclusions; beyond it, only their number. */
    private static final int MAX_NAME = 80;

    private static final Pattern UNSAFE_IN_NAME = Pattern.compile("[^A-Za-z0-9._-]+");

    /** One excluded value; {@code dimension} is its wire name, {@code removeUrl} the page without it. */
    record Exclusion(String dimension, String value, String removeUrl) {

        public String parameter() {
            return parameter(dimension, value);
        }

        static String parameter(String dimension, String value) {
            return dimension + ":" + value;
        }
    }

    /**
     * @param excluded the report's {@code excluded} (wire name to values)
     * @param parameters the page's query parameters as given
     */
    static Exclusions of(String path, Map<String, List<String>> excluded, Map<String, String[]> parameters) {
        List<String> every = new ArrayList<>();
        excluded.forEach((dimension, values) -> values.forEach(v -> every.add(Exclusion.parameter(dimension, v))));
        List<Exclusion> all = new ArrayList<>();
        excluded.forEach((dimension, values) -> values.forEach(value -> {
            List<String> others = new ArrayList<>(every);
            others.remove(Exclusion.parameter(dimension, value));
            all.add(new Exclusion(dimension, value, QueryLinks.of(path, withExclusions(parameters, others))));
        }));
        return new Exclusions(List.copyOf(all));
    }

    /** The page's parameters (not the view's own) with {@code exclude} replaced by {@code exclusions}. */
    private static MultiValueMap<String, String> withExclusions(
            Map<String, String[]> parameters, List<String> exclusions) {
        MultiValueMap<String, String> kept = new LinkedMultiValueMap<>();
        parameters.forEach((name, values) -> {
            if (!name.equals(PARAMETER) && !name.equals(ViewParameters.FRAGMENT) && !name.equals(CsvExport.PARAMETER)) {
                kept.addAll(name, List.of(values));
            }
        });
        exclusions.forEach(e -> kept.add(PARAMETER, e));
        return kept;
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }

    /** The {@code exclude} values the filter form sends again, so that "Show" keeps them. */
    public List<String> parameters() {
        return all.stream().map(Exclusion::parameter).toList();
    }

    /**
     * The part of the CSV file name that says what was left out ({@code -without-feature-search}),
     * since a file passed on no longer shows the page's "Without" line; only characters safe in
     * any file system, and just the count when the names would make the file name too long.
     */
    String fileNamePart() {
        if (all.isEmpty()) {
            return "";
        }
        StringBuilder name = new StringBuilder("-without");
        for (Exclusion e : all) {
            name.append('-').append(e.dimension()).append('-').append(slug(e.value()));
        }
        return name.length() <= MAX_NAME
                ? name.toString()
                : "-without-" + all.size() + (all.size() == 1 ? "-value" : "-values");
    }

    private static String slug(String value) {
        String slug = UNSAFE_IN_NAME.matcher(value).replaceAll("-").replaceAll("^[-.]+|[-.]+$", "");
        return slug.isEmpty() ? "value" : slug;
    }
}
