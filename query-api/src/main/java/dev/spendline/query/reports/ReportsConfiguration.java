package dev.spendline.query.reports;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The REST reports of the read tools. */
@Configuration(proxyBeanMethods = false)
@Import({ReadToolController.class})
public class ReportsConfiguration {}
