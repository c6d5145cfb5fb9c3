package dev.spendline.query.limits;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.query.problems.ContainerRefusals;
import dev.spendline.query.problems.ProblemHandler;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.HtmlUtils;

/**
 * One body limit for every endpoint of every chain, enforced before anything reads the body: the
 * first filter of the public port, ahead of Spring Security, so an anonymous request (client
 * registration, sign-in) cannot make the process buffer more than the limit.
 *
 * <ul>
 *   <li>A {@code Content-Type} that does not parse (or is a wildcard) is 415: Spring would fail on
 *       it with an exception, a 500.
 *   <li>A {@code Content-Length} over the limit is answered 413 at once, the body unread (the
 *       container drains a little of it and then closes the connection).
 *   <li>A body without a length (chunked) is read here up to the limit plus one byte; one byte more
 *       is the 413, otherwise the bytes read are handed on. Forms and multipart are the exception:
 *       the container parses those itself from its own buffer, within its form limit (set to the
 *       same size) and the multipart limits.
 *   <li>Whatever the container or the firewall refuses while a later filter or a controller reads
 *       the request (a form over the limit, a malformed parameter, {@code ?%00=1}) is answered here
 *       as the 4xx it is ({@link ContainerRefusals}), never as a 500.
 * </ul>
 *
 * <p>Hand-written because neither Tomcat nor Spring has a per-request body limit for bodies read as
 * streams (Tomcat's {@code maxPostSize} covers only forms it parses itself, and {@code
 * maxSwallowSize} only what is left unread after the answer).
 */
final class BodyLimitFilter extends OncePerRequestFilter {

    private static final int CHUNK = 8192;

    private static final ProblemException UNSUPPORTED_TYPE = new ProblemException(
            415,
            "unsupported_media_type",
            "Unsupported content type",
            "The Content-Type header is not a valid media type (a concrete type/subtype and a known charset); send"
                    + " JSON with 'Content-Type: application/json'");

    private final long defaultLimit;
    private final Map<String, Long> limitsByPath;
    private final Set<String> ownLimitPaths;

    /**
     * @param limitsByPath exact paths with a limit of their own
     * @param ownLimitPaths paths whose handler enforces its own limit (ingest) and are left alone
     */
    BodyLimitFilter(long defaultLimit, Map<String, Long> limitsByPath, Set<String> ownLimitPaths) {
        this.defaultLimit = defaultLimit;
        this.limitsByPath = Map.copyOf(limitsByPath);
        this.ownLimitPaths = Set.copyOf(ownLimitPaths);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getRequestURI();
        if (ownLimitPaths.contains(path)) {
            chain.doFilter(request, response);
            return;
        }
        if (!parsableContentType(request.getContentType())) {
            refuse(request, response, UNSUPPORTED_TYPE);
            return;
        }
        long limit = limitsByPath.getOrDefault(path, defaultLimit);
        long length = request.getContentLengthLong();
        if (length > limit) {
            refuse(request, response, ProblemHandler.bodyTooLarge(limit));
            return;
        }
        HttpServletRequest passed = request;
        if (length < 0 && request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null && !isForm(request)) {
            byte[] body = readUpTo(request.getInputStream(), limit + 1);
            if (body.length > limit) {
                refuse(request, response, ProblemHandler.bodyTooLarge(limit));
                return;
            }
            passed = new ReadBodyRequest(request, body);
        }
        try {
            chain.doFilter(passed, response);
        } catch (IOException | ServletException | RuntimeException e) {
            Optional<ProblemException> refusal = ContainerRefusals.of(e);
            if (refusal.isEmpty() || response.isCommitted()) {
                throw e;
            }
            response.reset();
            refuse(request, response, refusal.get());
        }
    }

    /** Error dispatches carry no new body; async ones continue a request already checked. */
    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return true;
    }

    /**
     * A content type Spring can read: none, or one that parses to a concrete type with a known
     * charset. Spring MVC fails on the others ({@code *}{@code /*}, {@code application/}, {@code
     * charset=nope}) with an exception that would otherwise end as a 500.
     */
    private static boolean parsableContentType(String type) {
        if (type == null) {
            return true;
        }
        try {
            MediaType media = MediaType.parseMediaType(type);
            return !media.isWildcardType() && !media.isWildcardSubtype();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean isForm(HttpServletRequest request) {
        String type = request.getContentType();
        if (type == null) {
            return false;
        }
        try {
            MediaType media = MediaType.parseMediaType(type);
            return MediaType.APPLICATION_FORM_URLENCODED.equalsTypeAndSubtype(media)
                    || "multipart".equalsIgnoreCase(media.getType());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** At most {@code max} bytes of the stream (fewer when it ends first). */
    private static byte[] readUpTo(InputStream in, long max) throws IOException {
        return in.readNBytes((int) Math.min(max, Integer.MAX_VALUE - CHUNK));
    }

    /**
     * The refusal as problem+json; a browser's form post (it accepts HTML, the API's clients do not
     * ask for it) gets the same words as a small page instead of raw JSON.
     */
    private static void refuse(HttpServletRequest request, HttpServletResponse response, ProblemException problem)
            throws IOException {
        response.setStatus(problem.status());
        problem.headers().forEach(response::setHeader);
        String accept = request.getHeader(HttpHeaders.ACCEPT);
        if (accept != null && accept.contains(MediaType.TEXT_HTML_VALUE)) {
            response.setContentType("text/html;charset=UTF-8");
            response.getOutputStream()
                    .write(("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
                                    + HtmlUtils.htmlEscape(problem.title()) + "</title></head><body><h1>"
                                    + HtmlUtils.htmlEscape(problem.title()) + "</h1><p>"
                                    + HtmlUtils.htmlEscape(problem.detail())
                                    + "</p><p><a href=\"/app\">Back to Spendline</a></p></body></html>")
                            .getBytes(StandardCharsets.UTF_8));
            return;
        }
        response.setContentType(ProblemJson.MEDIA_TYPE);
        response.getOutputStream().write(ProblemJson.render(problem));
    }
}
