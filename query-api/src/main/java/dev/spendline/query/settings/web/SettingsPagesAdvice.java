package dev.spendline.query.settings.web;

import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.query.settings.SettingsUnavailableException;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.multipart.MaxUploadSizeExceededException;

/**
 * Refusals of the settings pages as pages, not the API's problem+json: a person in a browser reads
 * them. Ahead of the API's catch-all handler, and only for these controllers.
 */
@ControllerAdvice(
        assignableTypes = {
            WorkspaceSettingsController.class,
            ApiKeysController.class,
            WebhooksController.class,
            RevenueController.class,
            MembersController.class,
            OAuthGrantsController.class
        })
@Order(Ordered.HIGHEST_PRECEDENCE)
final class SettingsPagesAdvice {

    private static final Logger log = LoggerFactory.getLogger(SettingsPagesAdvice.class);

    static final String VIEW = "settings/refused";

    @ExceptionHandler(PageRefusal.class)
    String refused(PageRefusal refusal, Model model, HttpServletResponse response) {
        return page(response, model, refusal.status(), refusal.title(), refusal.getMessage());
    }

    /**
     * The container's own size limit ({@link SettingsPagesConfiguration}); reaches this handler because
     * multipart requests are resolved lazily, when the controller asks for the file.
     */
    @ExceptionHandler(MaxUploadSizeExceededException.class)
    String tooLarge(Model model, HttpServletResponse response) {
        return page(response, model, 413, "The file is too large", RevenueCsv.TOO_LARGE);
    }

    @ExceptionHandler({SettingsUnavailableException.class, QueryUnavailableException.class})
    String unavailable(RuntimeException e, Model model, HttpServletResponse response) {
        log.warn("Settings page not served: {}", e.getMessage());
        response.setHeader("Retry-After", "5");
        return page(
                response,
                model,
                503,
                "Try again in a moment",
                "Kafka or the workspace's figures cannot be reached right now, so nothing was changed. Retry shortly.");
    }

    private static String page(HttpServletResponse response, Model model, int status, String title, String message) {
        response.setStatus(status);
        model.addAttribute("status", status);
        model.addAttribute("heading", title);
        model.addAttribute("message", message);
        return VIEW;
    }
}
