package dev.spendline.contracts.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.compare.CompareSubject;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.validation.FieldError;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code compare}'s argument reader: the report's own arguments and the base period. */
class CompareArgumentsTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:17:00Z"), ZoneOffset.UTC);

    private static CompareQuery read(String... pairs) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            args.put(pairs[i], pairs[i + 1]);
        }
        return (CompareQuery) ReadTool.COMPARE.read("ws_1", ToolArguments.of(args), CLOCK);
    }

    @Test
    void theBaseIsThePeriodOfTheSameLengthBeforeWhenNotGiven() {
        CompareQuery q =
                read("by", "feature", "from", "2026-11-15", "to", "2026-11-21", "tenant", "acme", "metric", "calls");
        assertThat(q.subject()).isEqualTo(CompareSubject.SPEND);
        assertThat(q.currentSpend().from()).isEqualTo(Instant.parse("2026-11-15T00:00:00Z"));
        assertThat(q.baseSpend().from()).isEqualTo(Instant.parse("2026-11-08T00:00:00Z"));
        assertThat(q.baseSpend().to()).isEqualTo(Instant.parse("2026-11-15T00:00:00Z"));
        assertThat(q.baseSpend().filters()).isEqualTo(Map.of(Dimension.TENANT, "acme"));
        assertThat(q.baseSpend().metric()).isEqualTo(SpendMetric.CALLS);
        assertThat(q.limit()).isEqualTo(CompareQuery.DEFAULT_LIMIT);
    }

    @Test
    void withoutAGroupingOnlyTotalsAreComparedAndNamedPeriodsAreKept() {
        CompareQuery q =
                read("from", "2026-11-01", "to", "2026-11-22", "baseFrom", "2026-10-01", "baseTo", "2026-10-31");
        assertThat(q.currentSpend().by()).isNull();
        assertThat(q.currentSpend().grain()).isEqualTo(TimeGrain.MONTH);
        assertThat(q.baseSpend().to()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
    }

    @Test
    void marginsCompareWholeMonths() {
        CompareQuery q = read("report", "margin_by_customer", "from", "2026-07", "to", "2026-09");
        assertThat(q.currentMargin().from()).isEqualTo(YearMonth.of(2026, 7));
        assertThat(q.baseMargin().from()).isEqualTo(YearMonth.of(2026, 4));
        assertThat(q.baseMargin().to()).isEqualTo(YearMonth.of(2026, 6));
    }

    @Test
    void refusesWhatItCannotCompareNamingEveryProblem() {
        assertThatThrownBy(() -> read("report", "waste", "by", "day", "baseFrom", "2026-10-01", "metric", "profit"))
                .isInstanceOfSatisfying(InvalidArgumentsException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::pointer)
                        .contains("report", "by", "baseTo", "metric"));
        assertThatThrownBy(() -> read("report", "margin_by_feature", "by", "tenant", "usage", "internal"))
                .isInstanceOfSatisfying(InvalidArgumentsException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::pointer)
                        .contains("by", "usage"));
    }
}
