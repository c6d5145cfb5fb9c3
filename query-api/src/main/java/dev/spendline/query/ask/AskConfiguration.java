package dev.spendline.query.ask;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** {@code POST /api/v1/ask} and its error mapping; needs the read tools' query beans. */
@Configuration(proxyBeanMethods = false)
@Import({AskController.class, AskErrorHandler.class})
@EnableConfigurationProperties(AskProperties.class)
public class AskConfiguration {}
