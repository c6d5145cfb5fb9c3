package dev.spendline.query.reports;

import dev.spendline.contracts.margin.MarginQueries;
import dev.spendline.contracts.query.SpendQueries;
import dev.spendline.contracts.savings.SavingsQueries;
import dev.spendline.contracts.savings.SavingsRecommender;
import dev.spendline.contracts.waste.WasteQueries;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The report endpoints and their error mapping. */
@Configuration(proxyBeanMethods = false)
@Import({
    SpendReportController.class,
    MarginReportController.class,
    BudgetReportController.class,
    AlertReportController.class,
    WasteReportController.class,
    SavingsReportController.class,
    ReportErrorHandler.class
})
public class ReportsConfiguration {

    /**
     * {@code savings_recommendations} is built from the other read tools, wherever they answer
     * (in-process in standalone, over HTTP when the query API runs apart from the streams app).
     */
    @Bean
    SavingsQueries savingsQueries(WasteQueries waste, SpendQueries spend, MarginQueries margins) {
        return new SavingsRecommender(waste, spend, margins);
    }
}
