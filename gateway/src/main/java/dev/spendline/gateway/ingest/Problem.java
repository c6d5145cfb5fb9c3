package dev.spendline.gateway.ingest;

import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.contracts.validation.FieldError;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * An RFC 9457 problem answer with a stable {@code code} that clients can branch on, and for
 * validation failures the list of {@code {pointer, message}} errors.
 */
record Problem(
        HttpStatus status,
        String code,
        String title,
        String detail,
        List<FieldError> errors,
        Long retryAfterSeconds,
        boolean closeConnection) {

    static Problem of(HttpStatus status, String code, String title, String detail) {
        return new Problem(status, code, title, detail, List.of(), null, false);
    }

    Problem retryAfter(long seconds) {
        return new Problem(status, code, title, detail, errors, seconds, closeConnection);
    }

    /** The same answer, telling the client not to reuse the connection (its body was not read). */
    Problem closingConnection() {
        return new Problem(status, code, title, detail, errors, retryAfterSeconds, true);
    }

    byte[] toJson() {
        return ProblemJson.render(status.value(), code, title, detail, errors);
    }

    Mono<ServerResponse> toResponse() {
        ServerResponse.BodyBuilder builder =
                ServerResponse.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON);
        if (retryAfterSeconds != null) {
            builder.header("Retry-After", String.valueOf(retryAfterSeconds));
        }
        if (closeConnection) {
            builder.header("Connection", "close");
        }
        if (status == HttpStatus.UNAUTHORIZED) {
            builder.header("WWW-Authenticate", "Bearer");
        }
        return builder.bodyValue(toJson());
    }
}
