package dev.spendline.query.dashboard;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.servlet.ModelAndView;

/**
 * A mistyped dashboard address ({@code /app/spnd}): a 404 page in the frame with the way back, not
 * the API's problem+json, because a person in a browser reads it. {@code /app/**} is the least
 * specific pattern there is, so every real page's own mapping wins; paths outside {@code /app}
 * ({@code /api/...}) keep their JSON 404.
 */
@Controller
@DashboardView
final class DashboardNotFound {

    @GetMapping("/app/**")
    ModelAndView notFound(HttpServletRequest request) {
        return DashboardErrors.page(
                HttpStatus.NOT_FOUND,
                "There is no such page",
                List.of("Nothing in the dashboard is at " + request.getRequestURI()
                        + ". Check the address, or pick a page from the menu."),
                "/app",
                "Go to the overview",
                ".");
    }
}
