package dev.spendline.query.otlp;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The OTLP mapping setting's endpoint; the repository and cache come from the control plane. */
@Configuration(proxyBeanMethods = false)
@Import(OtlpMappingController.class)
public class OtlpMappingConfiguration {}
