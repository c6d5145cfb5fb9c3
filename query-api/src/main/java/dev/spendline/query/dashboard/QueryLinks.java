package dev.spendline.query.dashboard;

import java.nio.charset.StandardCharsets;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/**
 * Links with query parameters whose values are data (a tenant, a feature): every character but the
 * unreserved ones is percent-encoded. {@code UriComponentsBuilder.encode()} and
 * {@code UriUtils.encodeQueryParam} leave {@code +} as it is, since RFC 3986 allows it in a query,
 * but servlet containers read a {@code +} in a query as a space, so the link to {@code a+b} would
 * open {@code a b}.
 */
public final class QueryLinks {

    private QueryLinks() {}

    /** {@code path} with each parameter, encoded so the receiving page reads back the same values. */
    public static String of(String path, MultiValueMap<String, String> parameters) {
        MultiValueMap<String, String> encoded = new LinkedMultiValueMap<>();
        parameters.forEach((name, values) -> values.forEach(v -> encoded.add(encode(name), encode(v))));
        return UriComponentsBuilder.fromPath(path)
                .queryParams(encoded)
                .build(true) // already encoded; build(true) checks that it is
                .toUriString();
    }

    /** Every character but {@code A-Z a-z 0-9 - . _ ~} percent-encoded as UTF-8. */
    public static String encode(String value) {
        return UriUtils.encode(value, StandardCharsets.UTF_8);
    }
}
