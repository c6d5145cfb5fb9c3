package dev.spendline.query.reports;

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
    ReportErrorHandler.class
})
public class ReportsConfiguration {}
