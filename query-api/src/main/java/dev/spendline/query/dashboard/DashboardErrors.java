package dev.spendline.query.dashboard;

import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.tools.InvalidArgumentsException;
import dev.spendline.contracts.validation.FieldError;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/**
 * The failures of the dashboard's views (its packages, and {@link DashboardView} controllers elsewhere) as pages in the frame: parameters a view cannot
 * show are 400 with every problem in words (the same words the REST reports use), and data that is
 * moving between instances is 503 with {@code Retry-After}. Ahead of the API's problem+json handler,
 * which answers everything else; a page never shows a stack trace.
 */
@ControllerAdvice(annotations = DashboardView.class, basePackages = "dev.spendline.query.dashboard")
@Order(Ordered.HIGHEST_PRECEDENCE)
public final class DashboardErrors {

    static final String VIEW = "dashboard/error";
    private static final int RETRY_AFTER_SECONDS = 2;
    private static final Logger log = LoggerFactory.getLogger(DashboardErrors.class);

    @ExceptionHandler(InvalidArgumentsException.class)
    ModelAndView invalidParameters(InvalidArgumentsException e, HttpServletRequest request) {
        List<String> problems =
                e.errors().stream().map(DashboardErrors::inWords).toList();
        return page(
                HttpStatus.BAD_REQUEST,
                "This view cannot be shown with these parameters",
                problems,
                request.getRequestURI());
    }

    @ExceptionHandler(QueryUnavailableException.class)
    ModelAndView unavailable(QueryUnavailableException e, HttpServletRequest request, HttpServletResponse response) {
        log.warn("{} {} not served: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(RETRY_AFTER_SECONDS));
        return page(
                HttpStatus.SERVICE_UNAVAILABLE,
                "The data is loading",
                List.of("This workspace's data is moving between instances or still loading; reload in a few"
                        + " seconds."),
                request.getRequestURI() + (request.getQueryString() == null ? "" : "?" + request.getQueryString()));
    }

    private static ModelAndView page(HttpStatus status, String heading, List<String> problems, String retry) {
        return page(
                status,
                heading,
                problems,
                retry,
                "Open this view with its defaults",
                " or change the parameters in the address.");
    }

    /** The error page: the problems in words and one link onwards ({@code link}, reading {@code linkText}). */
    static ModelAndView page(
            HttpStatus status, String heading, List<String> problems, String link, String linkText, String afterLink) {
        ModelAndView page = new ModelAndView(VIEW, status);
        page.addObject("linkText", linkText);
        page.addObject("afterLink", afterLink);
        page.addObject("heading", heading);
        page.addObject("problems", problems);
        page.addObject("retry", link);
        // Exception handlers skip the model advice, so the frame's viewer is added here.
        page.addObject("viewer", DashboardModel.current());
        return page;
    }

    /** {@code by: must be one of ...}; a problem of the whole query has no name. */
    static String inWords(FieldError error) {
        return error.pointer() == null || error.pointer().isEmpty()
                ? error.message()
                : error.pointer() + ": " + error.message();
    }
}
