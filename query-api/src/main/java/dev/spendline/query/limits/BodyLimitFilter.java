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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * One body limit for every endpoint of every chain, enforced before anything reads the body: the
 * first filter of the public port, ahead of Spring Security, so an anonymous request (client
 * registration, sign-in) cannot make the process buffer more than the limit.
 *
 * <ul>
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
        long limit = limitsByPath.getOrDefault(path, defaultLimit);
        long length = request.getContentLengthLong();
        if (length > limit) {
            refuse(response, ProblemHandler.bodyTooLarge(limit));
            return;
        }
        HttpServletRequest passed = request;
        if (length < 0 && request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null && !isForm(request)) {
            byte[] body = readUpTo(request.getInputStream(), limit + 1);
            if (body.length > limit) {
                refuse(response, ProblemHandler.bodyTooLarge(limit));
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
            refuse(response, refusal.get());
        }
    }

    /** Error dispatches carry no new body; async ones continue a request already checked. */
    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return true;
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

    private static void refuse(HttpServletResponse response, ProblemException problem) throws IOException {
        response.setStatus(problem.status());
        response.setContentType(ProblemJson.MEDIA_TYPE);
        problem.headers().forEach(response::setHeader);
        response.getOutputStream().write(ProblemJson.render(problem));
    }
}
