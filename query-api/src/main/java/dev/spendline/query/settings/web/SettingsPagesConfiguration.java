package dev.spendline.query.settings.web;

import jakarta.servlet.MultipartConfigElement;
import org.springframework.boot.servlet.MultipartConfigFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.util.unit.DataSize;
import org.springframework.web.multipart.support.StandardServletMultipartResolver;

/**
 * The settings pages, and the multipart limits of the one upload the application takes (revenue
 * CSV). Resolved lazily so that an oversized file reaches {@link SettingsPagesAdvice} and is answered
 * with a page instead of the API's problem+json.
 */
@Configuration(proxyBeanMethods = false)
@Import({
    WorkspaceSettingsController.class,
    ApiKeysController.class,
    WebhooksController.class,
    RevenueController.class,
    MembersConfiguration.class,
    OAuthGrantsConfiguration.class
})
public class SettingsPagesConfiguration {

    /** The revenue CSV upload, the one multipart endpoint. */
    public static final String REVENUE_UPLOAD_PATH = RevenueController.PATH + "/upload";

    /** The largest upload request: the file plus the form's few small fields. */
    public static final long MAX_UPLOAD_REQUEST_BYTES = RevenueCsv.MAX_BYTES + 16 * 1024;

    @Bean
    MultipartConfigElement multipartConfigElement() {
        MultipartConfigFactory factory = new MultipartConfigFactory();
        factory.setMaxFileSize(DataSize.ofBytes(RevenueCsv.MAX_BYTES));
        factory.setMaxRequestSize(DataSize.ofBytes(MAX_UPLOAD_REQUEST_BYTES));
        return factory.createMultipartConfig();
    }

    @Bean
    StandardServletMultipartResolver multipartResolver() {
        StandardServletMultipartResolver resolver = new StandardServletMultipartResolver();
        resolver.setResolveLazily(true);
        return resolver;
    }
}
