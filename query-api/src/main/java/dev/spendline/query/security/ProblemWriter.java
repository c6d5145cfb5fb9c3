package dev.spendline.query.security;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.problem.ProblemJson;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;

/** Writes a problem+json answer straight to a servlet response (used outside controllers). */
final class ProblemWriter {

    private ProblemWriter() {}

    static void write(HttpServletResponse response, int status, String code, String title, String detail)
            throws IOException {
        response.setStatus(status);
        response.setContentType(ProblemJson.MEDIA_TYPE);
        if (status == HttpServletResponse.SC_UNAUTHORIZED) {
            response.setHeader("WWW-Authenticate", "Bearer");
        }
        response.getOutputStream().write(ProblemJson.render(status, code, title, detail, List.of()));
    }

    static void write(HttpServletResponse response, ProblemException problem) throws IOException {
        response.setStatus(problem.status());
        response.setContentType(ProblemJson.MEDIA_TYPE);
        problem.headers().forEach(response::setHeader);
        response.getOutputStream().write(ProblemJson.render(problem));
    }
}
