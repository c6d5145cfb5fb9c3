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
 * The report views' refusals as pages, not problem+json: parameters a view does not take (400,
 * every problem listed by parameter name, with a link to the view without them) and data that
 * cannot be read right now (503 with {@code Retry-After}). Ahead of the API's {@code
 * ProblemHandler}, and only for the dashboard's view packages.
 */
@ControllerAdvice(basePackages = "dev.spendline.query.dashboard")
@Order(Ordered.HIGHEST_PRECEDENCE)
final class ReportPageErrors {

    static final String TEMPLATE = "dashboard/report-error";
    private static final long RETRY_AFTER_SECONDS = 2;
    private static final Logger log = LoggerFactory.getLogger(ReportPageErrors.class);

    private final DashboardModel frame;

    ReportPageErrors(DashboardModel frame) {
        this.frame = frame;
    }

    /** What the error page shows. */
    record PageError(String title, String detail, List<String> problems, String viewPath) {}

    @ExceptionHandler(InvalidArgumentsException.class)
    ModelAndView invalidParameters(InvalidArgumentsException e, HttpServletRequest request) {
        List<String> problems =
                e.errors().stream().map(ReportPageErrors::describe).toList();
        return page(
                HttpStatus.BAD_REQUEST,
                new PageError(
                        "This view cannot show these parameters",
                        problems.size() + " problem(s) with the address; nothing was read.",
                        problems,
                        request.getRequestURI()));
    }

    @ExceptionHandler(QueryUnavailableException.class)
    ModelAndView unavailable(QueryUnavailableException e, HttpServletRequest request, HttpServletResponse response) {
        log.warn("{} {} not served: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(RETRY_AFTER_SECONDS));
        return page(
                HttpStatus.SERVICE_UNAVAILABLE,
                new PageError(
                        "The figures are temporarily unavailable",
                        "The data for this workspace is moving between instances or still loading; reload the"
                                + " page in a few seconds.",
                        List.of(),
                        request.getRequestURI()));
    }

    private ModelAndView page(HttpStatus status, PageError error) {
        ModelAndView page = new ModelAndView(TEMPLATE);
        page.setStatus(status);
        page.addObject("error", error);
        // Exception handlers skip @ModelAttribute methods: the frame still needs to know who is signed in.
        page.addObject("viewer", frame.viewer());
        return page;
    }

    /** {@code kind: must be one of ...}: the parameter's name as it is in the address. */
    private static String describe(FieldError error) {
        return error.pointer().isEmpty() ? error.message() : error.pointer() + ": " + error.message();
    }
}
