package dev.spendline.query.openapi;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The OpenAPI document at {@value OpenApiDocument#PATH} (docs/api.md, "The OpenAPI document"). */
@Configuration(proxyBeanMethods = false)
@Import(OpenApiController.class)
public class OpenApiConfiguration {}
