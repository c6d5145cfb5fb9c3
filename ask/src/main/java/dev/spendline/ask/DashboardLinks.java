package dev.spendline.ask;

import dev.spendline.contracts.tools.ReadTool;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The dashboard view that shows the same answer: one page per read tool, with the tool's arguments
 * as query parameters of the same names ({@code /app/spend?usage=product&by=feature&from=...}).
 * The scheme is stable so that links in chat messages keep working; it is documented in
 * docs/ask.md. {@code asOf} is left out when it is the moment of the question, so that the link
 * shows the live view.
 */
final class DashboardLinks {

    private DashboardLinks() {}

    static String page(ReadTool tool) {
        return switch (tool) {
            case SPEND_BY -> "/app/spend";
            case MARGIN_BY_CUSTOMER -> "/app/margin/customers";
            case MARGIN_BY_FEATURE -> "/app/margin/features";
            case TOP_WASTE -> "/app/waste";
            case SAVINGS_RECOMMENDATIONS -> "/app/savings";
            case BUDGET_STATUS -> "/app/budgets";
            case ACTIVE_ALERTS -> "/app/alerts";
            case COMPARE -> "/app/compare";
        };
    }

    /** The link for a call asked at {@code now}, under {@code baseUrl} (no trailing slash). */
    static String link(String baseUrl, ToolCall call, Instant now) {
        String query = call.arguments().entrySet().stream()
                .filter(e -> !(e.getKey().equals("asOf") && e.getValue().equals(now.toString())))
                .map(DashboardLinks::parameter)
                .collect(Collectors.joining("&"));
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        return base + page(call.tool()) + (query.isEmpty() ? "" : "?" + query);
    }

    /** One {@code name=value}, or for a list ({@code exclude}) one per element, as the pages read repeated parameters. */
    private static String parameter(Map.Entry<String, Object> argument) {
        if (argument.getValue() instanceof java.util.Collection<?> list) {
            return list.stream()
                    .map(v -> encode(argument.getKey()) + "=" + encode(String.valueOf(v)))
                    .collect(Collectors.joining("&"));
        }
        return encode(argument.getKey()) + "=" + encode(String.valueOf(argument.getValue()));
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
