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
    RevenueController.class,
    MembersConfiguration.class,
    OAuthGrantsConfiguration.class
})
public class SettingsPagesConfiguration {

    @Bean
    MultipartConfigElement multipartConfigElement() {
        MultipartConfigFactory factory = new MultipartConfigFactory();
        factory.setMaxFileSize(DataSize.ofBytes(RevenueCsv.MAX_BYTES));
        // The file plus the form's few small fields.
        factory.setMaxRequestSize(DataSize.ofBytes(RevenueCsv.MAX_BYTES + 16 * 1024));
        return factory.createMultipartConfig();
    }

    @Bean
    StandardServletMultipartResolver multipartResolver() {
        StandardServletMultipartResolver resolver = new StandardServletMultipartResolver();
        resolver.setResolveLazily(true);
        return resolver;
    }
}
