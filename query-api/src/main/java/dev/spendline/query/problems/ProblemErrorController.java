package dev.spendline.query.problems;

import dev.spendline.contracts.problem.ProblemException;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Spring Boot's error path ({@code /error}), where the servlet container sends what no controller
 * answered: an exception thrown by a filter, a {@code sendError}, an unknown path outside Spring
 * MVC. Answers the same problem+json as {@link ProblemHandler}, never Boot's default body with
 * its exception and message. Being an {@link ErrorController}, it replaces Boot's own.
 */
@RestController
final class ProblemErrorController implements ErrorController {

    @RequestMapping("${server.error.path:${error.path:/error}}")
    ResponseEntity<byte[]> error(HttpServletRequest request) {
        Object failure = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        // The error dispatch itself is a GET (Servlet 6.1); the method that failed is in its attribute.
        Object method = request.getAttribute(RequestDispatcher.ERROR_METHOD);
        String what = (method == null ? request.getMethod() : method) + " "
                + request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        if (failure instanceof Throwable e) {
            return Problems.response(ProblemHandler.problemFor(unwrapped(e), what));
        }
        return Problems.response(forStatus(request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE), what));
    }

    /** A {@code sendError(status)} without an exception: the status with its code and no more. */
    private static ProblemException forStatus(Object code, String what) {
        int status = code instanceof Integer i ? i : 500;
        HttpStatus known = HttpStatus.resolve(status);
        if (status == 404) {
            return ProblemHandler.notFound();
        }
        if (status == 413) {
            return ProblemHandler.bodyTooLarge();
        }
        if (status == 503) {
            return ProblemHandler.unavailable(ProblemHandler.GENERIC_UNAVAILABLE);
        }
        if (known == null || !known.isError() || known.is5xxServerError()) {
            return ProblemHandler.problemFor(new IllegalStateException(what + " ended with status " + status), what);
        }
        return ProblemException.ofStatus(
                status,
                known.getReasonPhrase(),
                known.getReasonPhrase() + "; see docs/api.md for the endpoints and what they take");
    }

    /** The servlet container wraps a filter's exception; the cause is what failed. */
    private static Throwable unwrapped(Throwable e) {
        Throwable cause = e;
        while (cause instanceof jakarta.servlet.ServletException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
