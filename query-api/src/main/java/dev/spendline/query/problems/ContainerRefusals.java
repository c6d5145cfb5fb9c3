package dev.spendline.query.problems;

import dev.spendline.contracts.problem.ProblemException;
import java.util.List;
import java.util.Optional;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.apache.tomcat.util.http.fileupload.impl.SizeException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;

/**
 * Refusals that the servlet container or Spring Security's firewall raise as exceptions while a
 * filter or a controller reads the request (its parameters, form or multipart body), not as an
 * answer: a form over the size limit, a multipart part over its limit, a malformed parameter, a
 * parameter name the firewall rejects ({@code ?%00=1}). Left alone they would reach the error path as
 * an unexpected failure (500); here they become the 4xx the client caused, with no internals.
 *
 * <p>Named by class because Tomcat and Spring Security raise them lazily, on the first
 * {@code getParameter}, from whatever code asks first (a security filter, the CSRF check, a
 * controller), so no single place could catch them all earlier.
 */
public final class ContainerRefusals {

    /** The same answer as the body limit's, whoever noticed the size. */
    private static final int PAYLOAD_TOO_LARGE = 413;

    private ContainerRefusals() {}

    /** The client's fault in {@code failure} or any of its causes, as the answer to give; empty otherwise. */
    public static Optional<ProblemException> of(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof MaxUploadSizeExceededException || cause instanceof SizeException) {
                return Optional.of(ProblemHandler.bodyTooLarge());
            }
            if (cause instanceof InvalidParameterException invalid) {
                return Optional.of(
                        invalid.getErrorCode() == PAYLOAD_TOO_LARGE
                                ? ProblemHandler.bodyTooLarge()
                                : malformedParameters());
            }
            if (cause instanceof RequestRejectedException) {
                return Optional.of(rejected());
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return Optional.empty();
    }

    /** Parameters (query string or form) that cannot be decoded. */
    static ProblemException malformedParameters() {
        return new ProblemException(
                400,
                "malformed_parameters",
                "Malformed parameters",
                "The query string or form could not be read: check its percent-encoding and character set",
                List.of());
    }

    /** What Spring Security's firewall refuses: control characters, encoded slashes, odd names. */
    public static ProblemException rejected() {
        return new ProblemException(
                400,
                "request_rejected",
                "Request rejected",
                "The URL or a parameter name contains characters that are not accepted (control characters,"
                        + " encoded slashes or dots, a NUL); see docs/api.md",
                List.of());
    }
}
