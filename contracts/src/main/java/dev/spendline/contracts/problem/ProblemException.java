package dev.spendline.contracts.problem;

import dev.spendline.contracts.validation.FieldError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A request refused with an RFC 9457 problem answer: HTTP status, stable {@code code} that clients
 * branch on, title, detail (also the message), the field problems for validation, and headers such
 * as {@code Retry-After}. Thrown anywhere a request is answered; the web layer of each service
 * renders it with {@link ProblemJson} and adds nothing. It is an answer, not a fault of ours, so it
 * carries no stack trace. Free of Spring on purpose: the status is an int.
 *
 * <p>Subclass it only where code catches one kind of refusal by type; otherwise throw it as is.
 */
public class ProblemException extends RuntimeException {

    private final int status;
    private final String code;
    private final String title;
    private final transient List<FieldError> errors;
    private final transient Map<String, String> headers;
    private final transient Map<String, String> members;

    public ProblemException(int status, String code, String title, String detail) {
        this(status, code, title, detail, List.of());
    }

    public ProblemException(int status, String code, String title, String detail, List<FieldError> errors) {
        this(status, code, title, detail, errors, Map.of(), Map.of(), null);
    }

    /** With headers (e.g. {@code Retry-After}) and a cause that is logged by whoever catches it. */
    public ProblemException(
            int status, String code, String title, String detail, Map<String, String> headers, Throwable cause) {
        this(status, code, title, detail, List.of(), headers, Map.of(), cause);
    }

    private ProblemException(
            int status,
            String code,
            String title,
            String detail,
            List<FieldError> errors,
            Map<String, String> headers,
            Map<String, String> members,
            Throwable cause) {
        super(detail, cause, false, false);
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("A problem has a 4xx or 5xx status, not " + status);
        }
        this.status = status;
        this.code = Objects.requireNonNull(code, "code");
        this.title = Objects.requireNonNull(title, "title");
        this.errors = List.copyOf(errors == null ? List.of() : errors);
        this.headers = Map.copyOf(headers);
        this.members = Map.copyOf(members);
    }

    /**
     * A refusal known only by its status, as the web framework raised it (an unknown path, a wrong
     * method): the code is the reason phrase in snake case ({@code Method Not Allowed} → {@code
     * method_not_allowed}), the title the reason phrase.
     */
    public static ProblemException ofStatus(int status, String reasonPhrase, String detail) {
        String code = reasonPhrase.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        return new ProblemException(status, code, reasonPhrase, detail);
    }

    /**
     * 500 {@code internal_error}: something failed that is not the client's doing. The answer names
     * only the incident id (logged with the real failure), never a class name, message or stack.
     */
    public static ProblemException internalError(String incident, String detail) {
        return new ProblemException(
                500,
                "internal_error",
                "Internal error",
                detail + " (incident " + incident + ")",
                List.of(),
                Map.of(),
                Map.of("incident", incident),
                null);
    }

    /** The same problem with one more header, e.g. {@code Connection: close}. */
    public ProblemException withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new ProblemException(status, code, title, getMessage(), errors, more, members, getCause());
    }

    /** The same problem with {@code Retry-After: seconds}. */
    public ProblemException retryAfter(long seconds) {
        return withHeader("Retry-After", String.valueOf(seconds));
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String title() {
        return title;
    }

    public String detail() {
        return getMessage();
    }

    /** The field problems, each with a JSON Pointer into the request; empty when there are none. */
    public List<FieldError> errors() {
        return errors;
    }

    /**
     * The headers of the answer; a 401 also gets {@code WWW-Authenticate: Bearer} (RFC 6750) without
     * asking.
     */
    public Map<String, String> headers() {
        if (status == 401 && !headers.containsKey("WWW-Authenticate")) {
            Map<String, String> all = new LinkedHashMap<>(headers);
            all.put("WWW-Authenticate", "Bearer");
            return all;
        }
        return headers;
    }

    /** Extension members of the body besides the standard ones, e.g. {@code incident}. */
    public Map<String, String> members() {
        return members;
    }
}
