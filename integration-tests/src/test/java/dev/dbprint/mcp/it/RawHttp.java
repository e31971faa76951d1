package dev.dbprint.mcp.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Hand-written HTTP/1.1 over a plain socket, for the requests {@code java.net.http} will not send: a foreign, missing or
 * second {@code Host}, a trailing-dot host, an absolute-form target, any header on two lines. A body is sent as JSON accepting both reply forms
 * unless the headers given say otherwise. Each exchange is one connection with {@code Connection: close}.
 */
public final class RawHttp {

    public record Response(int status, Map<String, String> headers, String body) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private RawHttp() {
    }

    /**
     * Sends {@code method path} to 127.0.0.1:{@code port} with exactly the given headers (a null {@code host} sends no
     * Host header) and reads the whole response.
     */
    public static Response exchange(int port, String method, String path, String host, Map<String, String> headers,
            String body) {
        return exchange(port, method, path, host, List.copyOf(headers.entrySet()), body);
    }

    /** As {@link #exchange(int, String, String, String, Map, String)}, with header lines in order: a name may repeat. */
    public static Response exchange(int port, String method, String path, String host,
            List<Map.Entry<String, String>> headers, String body) {
        byte[] payload = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(15_000);
            OutputStream out = socket.getOutputStream();
            out.write(head(method, path, host, headers, body).getBytes(StandardCharsets.ISO_8859_1));
            out.write(payload);
            out.flush();
            return parse(socket.getInputStream().readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String head(String method, String path, String host, List<Map.Entry<String, String>> headers,
            String body) {
        byte[] payload = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\n");
        if (host != null) {
            head.append("Host: ").append(host).append("\r\n");
        }
        headers.forEach(h -> head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n"));
        if (body != null) {
            if (headers.stream().map(Map.Entry::getKey).noneMatch("Content-Type"::equalsIgnoreCase)) {
                head.append("Content-Type: application/json\r\n");
            }
            if (headers.stream().map(Map.Entry::getKey).noneMatch("Accept"::equalsIgnoreCase)) {
                head.append("Accept: application/json, text/event-stream\r\n");
            }
            head.append("Content-Length: ").append(payload.length).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");
        return head.toString();
    }

    /**
     * The status code alone: sends like {@link #exchange} but stops reading at the end of the status line, so it also
     * serves for a response that never ends (an SSE stream).
     */
    public static int status(int port, String method, String path, String host, Map<String, String> headers,
            String body) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(15_000);
            OutputStream out = socket.getOutputStream();
            out.write(head(method, path, host, List.copyOf(headers.entrySet()), body)
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.write(body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
                line.append((char) c);
            }
            String[] parts = line.toString().split(" ");
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
                throw new AssertionError("not an HTTP status line: " + line);
            }
            return Integer.parseInt(parts[1]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Response post(int port, String path, String host, Map<String, String> headers, String body) {
        return exchange(port, "POST", path, host, headers, body);
    }

    static Response parse(byte[] raw) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int split = text.indexOf("\r\n\r\n");
        if (split < 0) {
            throw new AssertionError("not an HTTP response: " + text);
        }
        String[] lines = text.substring(0, split).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
        byte[] rest = java.util.Arrays.copyOfRange(raw, split + 4, raw.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            rest = dechunk(rest);
        }
        return new Response(status, headers, new String(rest, StandardCharsets.UTF_8));
    }

    private static byte[] dechunk(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InputStream in = new java.io.ByteArrayInputStream(body);
        try {
            while (true) {
                StringBuilder size = new StringBuilder();
                for (int c = in.read(); c != '\n' && c != -1; c = in.read()) {
                    if (c != '\r') {
                        size.append((char) c);
                    }
                }
                int n = size.length() == 0 ? 0 : Integer.parseInt(size.toString().split(";")[0].trim(), 16);
                if (n == 0) {
                    return out.toByteArray();
                }
                out.write(in.readNBytes(n));
                in.skip(2);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
