package dev.spendline.standalone;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * HTTP/1.1 over a plain socket, for bodies no client library would send: hundreds of megabytes
 * generated while they are written (never held in memory), with a {@code Content-Length} or
 * chunked. The answer is read while the body is still being written, as a careful client does, so a
 * server that answers early (413) and then closes is seen answering, not as a reset.
 */
final class RawHttp {

    /** The status line's code, the headers (lower-case names) and the body of an answer. */
    record Answer(int status, Map<String, String> headers, String body, long bytesSent) {}

    private final int port;

    RawHttp(int port) {
        this.port = port;
    }

    /**
     * Sends {@code method path} with {@code headers} and a body of {@code bodyBytes} bytes of {@code
     * filler} (after {@code prefix}), chunked when {@code chunked}, and returns the answer.
     */
    Answer send(String method, String path, Map<String, String> headers, byte[] prefix, long bodyBytes, boolean chunked)
            throws IOException, InterruptedException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(120_000);
            OutputStream out = socket.getOutputStream();
            StringBuilder head =
                    new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n");
            headers.forEach((name, value) ->
                    head.append(name).append(": ").append(value).append("\r\n"));
            head.append(chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: " + bodyBytes + "\r\n");
            head.append("Connection: close\r\n\r\n");
            // The head is written by the writer too: a server refuses an oversized request line or
            // header as soon as it has read its limit, and the answer must be read, not a broken pipe.
            byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
            AtomicLong sent = new AtomicLong();
            Thread writer =
                    new Thread(() -> writeBody(out, headBytes, prefix, bodyBytes, chunked, sent), "raw-http-body");
            writer.setDaemon(true);
            writer.start();
            Answer answer = read(socket.getInputStream(), sent);
            writer.interrupt();
            writer.join(10_000);
            return new Answer(answer.status(), answer.headers(), answer.body(), sent.get());
        }
    }

    private static void writeBody(
            OutputStream out, byte[] head, byte[] prefix, long bodyBytes, boolean chunked, AtomicLong sent) {
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, (byte) 'a');
        try {
            out.write(head);
            long left = bodyBytes;
            byte[] first = prefix;
            while (left > 0 && !Thread.currentThread().isInterrupted()) {
                byte[] data = first != null ? first : chunk;
                int n = (int) Math.min(left, data.length);
                first = null;
                if (chunked) {
                    out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                }
                out.write(data, 0, n);
                if (chunked) {
                    out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                }
                left -= n;
                sent.addAndGet(n);
            }
            if (chunked) {
                out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            out.flush();
        } catch (IOException e) {
            // The server answered and closed: expected for a refused head or body.
        }
    }

    private static Answer read(InputStream in, AtomicLong sent) throws IOException {
        ByteArrayOutputStream headBytes = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed before an answer (" + sent.get() + " bytes sent)");
            }
            headBytes.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String[] lines = headBytes.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(
                        lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
        }
        byte[] body;
        if (headers.containsKey("content-length")) {
            body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = readChunked(in);
        } else {
            body = in.readNBytes(1 << 20);
        }
        return new Answer(status, headers, new String(body, StandardCharsets.UTF_8), sent.get());
    }

    private static byte[] readChunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = line(in);
            int n = Integer.parseInt(size.split(";")[0].trim(), 16);
            if (n == 0) {
                line(in);
                return body.toByteArray();
            }
            body.write(in.readNBytes(n));
            line(in);
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }
}
