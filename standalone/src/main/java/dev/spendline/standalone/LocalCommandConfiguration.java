package dev.spendline.standalone;

import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.context.annotation.Import;

/**
 * The key commands' route ({@link LocalCommandController}) on the internal port only, in the
 * management child context like the instance-to-instance queries. Registered in {@code
 * META-INF/spring/...ManagementContextConfiguration.imports}.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
@Import(LocalCommandController.class)
public class LocalCommandConfiguration {}
