package dev.spendline.query.dashboard;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The dashboard's pages and what every page shares (number formats, the frame's model). */
@Configuration(proxyBeanMethods = false)
@Import({Formats.class, DashboardModel.class, DashboardReportsConfiguration.class})
public class DashboardConfiguration {}
