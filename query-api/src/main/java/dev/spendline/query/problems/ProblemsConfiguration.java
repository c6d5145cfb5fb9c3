package dev.spendline.query.problems;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The query API's one error handler and its error path. */
@Configuration(proxyBeanMethods = false)
@Import({ProblemHandler.class, ProblemErrorController.class})
public class ProblemsConfiguration {}
