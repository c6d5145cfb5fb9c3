package dev.spendline.query.dashboard;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** What every dashboard page shares: number formats and the frame's model. */
@Configuration(proxyBeanMethods = false)
@Import({Formats.class, DashboardModel.class})
public class DashboardConfiguration {}
