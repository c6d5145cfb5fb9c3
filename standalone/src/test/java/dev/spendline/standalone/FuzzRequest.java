package dev.spendline.standalone;

/**
 * One generated request of {@link PublicPortFuzzIT}: what {@link FuzzTries} prints when a try fails.
 *
 * @param method the HTTP method
 * @param target the path and query string, as sent (possibly malformed on purpose)
 * @param contentType the Content-Type header, or null for none
 * @param body the body's bytes (empty for none)
 */
record FuzzRequest(String method, String target, String contentType, byte[] body) {

    /** How much of the target and of the body a failure message shows. */
    static final int SHOWN = 300;

    static FuzzRequest post(String target, String contentType, byte[] body) {
        return new FuzzRequest("POST", target, contentType, body);
    }

    static FuzzRequest get(String target) {
        return new FuzzRequest("GET", target, null, new byte[0]);
    }

    /**
     * The request on one line, truncated: printable ASCII as is (a backslash doubled), other chars of
     * the target as {@code \\uXXXX} and other bytes of the body as {@code \\xXX}, so that a lone
     * surrogate, a control character or invalid UTF-8 can be seen and typed back.
     */
    String describe() {
        StringBuilder out = new StringBuilder(method).append(' ');
        for (int i = 0; i < Math.min(target.length(), SHOWN); i++) {
            char c = target.charAt(i);
            if (c == '\\') {
                out.append("\\\\");
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        if (target.length() > SHOWN) {
            out.append("… (").append(target.length()).append(" chars)");
        }
        if (contentType != null) {
            out.append(" Content-Type: ").append(contentType);
        }
        out.append(" body (").append(body.length).append(" bytes): ");
        for (int i = 0; i < Math.min(body.length, SHOWN); i++) {
            int b = body[i] & 0xff;
            if (b == '\\') {
                out.append("\\\\");
            } else if (b < 0x20 || b > 0x7e) {
                out.append(String.format("\\x%02x", b));
            } else {
                out.append((char) b);
            }
        }
        if (body.length > SHOWN) {
            out.append('…');
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return describe();
    }
}
