package dev.spendline.query.slack;

import com.slack.api.bolt.request.Request;
import com.slack.api.bolt.request.RequestHeaders;
import com.slack.api.bolt.response.Response;
import com.slack.api.bolt.util.SlackRequestParser;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * {@code POST /slack/events} (events, and the slash command if the manifest points it here) and
 * {@code POST /slack/commands}: Slack's requests handed to Bolt as they arrived — the raw body, which
 * the signature covers, and the headers — and Bolt's response written back. This is what Bolt's
 * servlet adapter does ({@code bolt-jakarta-servlet} does not resolve here), as a controller so the
 * dashboard's error handling and MockMvc tests see it. 404 when the operator has not configured Slack.
 */
@RestController
final class SlackEndpoint {

    private final ObjectProvider<SlackBolt> bolt;
    private final ObjectProvider<SlackRequestParser> parser;
    private final SlackProperties properties;

    SlackEndpoint(
            ObjectProvider<SlackBolt> bolt, ObjectProvider<SlackRequestParser> parser, SlackProperties properties) {
        this.bolt = bolt;
        this.parser = parser;
        this.properties = properties;
    }

    @PostMapping({"/slack/events", "/slack/commands"})
    void handle(HttpServletRequest request, HttpServletResponse response) throws Exception {
        SlackBolt app = bolt.getIfAvailable();
        if (app == null) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND);
        }
        if (!SlackRequestCheck.accepts(request.getHeader(SlackRequestCheck.HEADER))) {
            // Bolt would refuse an old timestamp too, but not one in the future (a replay window).
            throw new ResponseStatusException(HttpStatus.UNAUTHORIZED, "Request timestamp outside the 5-minute window");
        }
        String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!SlackRequestCheck.signed(
                properties.signingSecret(),
                request.getHeader(SlackRequestCheck.HEADER),
                body,
                request.getHeader(SlackRequestCheck.SIGNATURE_HEADER))) {
            throw new ResponseStatusException(HttpStatus.UNAUTHORIZED, "Request signature invalid");
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : Collections.list(request.getHeaderNames())) {
            headers.put(name, Collections.list(request.getHeaders(name)));
        }
        Request<?> slackRequest = parser.getObject()
                .parse(SlackRequestParser.HttpRequest.builder()
                        .requestUri(request.getRequestURI())
                        .queryString(Map.of())
                        .headers(new RequestHeaders(headers))
                        .requestBody(body)
                        .remoteAddress(request.getRemoteAddr())
                        .build());
        if (slackRequest == null) {
            // Not a request Slack sends (no payload Bolt recognises): nothing was run.
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "Not a Slack request");
        }
        write(app.app().run(slackRequest), response);
    }

    private static void write(Response answer, HttpServletResponse response) throws IOException {
        response.setStatus(answer.getStatusCode());
        if (answer.getHeaders() != null) {
            answer.getHeaders().forEach((name, values) -> values.forEach(value -> response.addHeader(name, value)));
        }
        if (answer.getContentType() != null) {
            response.setContentType(answer.getContentType());
        }
        if (answer.getBody() != null) {
            response.getOutputStream().write(answer.getBody().getBytes(StandardCharsets.UTF_8));
        }
    }
}
