package dev.agentport.parity.fuzz;

import dev.agentport.parity.fuzz.Template.Header;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A request being built: its parts can be changed one by one, then rendered to the bytes sent. */
final class Draft {

    /** How the body is framed on the wire. */
    enum Framing {
        LENGTH, CHUNKED, LENGTH_SHORT, LENGTH_LONG, NO_LENGTH, CHUNKED_BAD_SIZE, CHUNKED_UNTERMINATED,
        LENGTH_AND_CHUNKED, TWO_LENGTHS, NEGATIVE_LENGTH, TEXT_LENGTH
    }

    String method;
    String target;
    String version = "HTTP/1.1";
    final List<Header> headers = new ArrayList<>();
    /** Header lines sent as they are (bytes may be invalid), after the others. */
    final List<byte[]> rawHeaderLines = new ArrayList<>();
    byte[] body;
    Framing framing = Framing.LENGTH;
    String lineEnd = "\r\n";
    boolean keepHost = true;

    Draft(Template template, String host) {
        this.method = template.method();
        this.target = template.path();
        this.headers.add(new Header("Host", host));
        this.headers.addAll(template.headers());
        this.body = template.body() == null ? null : template.body().getBytes(StandardCharsets.UTF_8);
    }

    void set(String name, String value) {
        remove(name);
        headers.add(new Header(name, value));
    }

    void remove(String name) {
        headers.removeIf(header -> header.name().equalsIgnoreCase(name));
    }

    /** Whether the client ends its sending side after the bytes: the server would otherwise wait for the rest. */
    boolean endsSending() {
        return framing == Framing.LENGTH_LONG || framing == Framing.CHUNKED_UNTERMINATED
                || framing == Framing.NO_LENGTH;
    }

    byte[] render() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, method + " " + target + (version.isEmpty() ? "" : " " + version) + lineEnd);
        for (Header header : headers) {
            write(out, header.name() + ": " + header.value() + lineEnd);
        }
        for (byte[] line : rawHeaderLines) {
            out.writeBytes(line);
            write(out, lineEnd);
        }
        byte[] content = body == null ? new byte[0] : body;
        boolean hasBody = body != null;
        switch (framing) {
            case LENGTH -> {
                if (hasBody) {
                    write(out, "Content-Length: " + content.length + lineEnd);
                }
            }
            case CHUNKED, CHUNKED_BAD_SIZE, CHUNKED_UNTERMINATED -> write(out, "Transfer-Encoding: chunked" + lineEnd);
            case LENGTH_SHORT -> write(out, "Content-Length: " + content.length / 2 + lineEnd);
            case LENGTH_LONG -> write(out, "Content-Length: " + (content.length + 100) + lineEnd);
            case NO_LENGTH -> {
            }
            case LENGTH_AND_CHUNKED -> write(out, "Content-Length: " + content.length + lineEnd
                    + "Transfer-Encoding: chunked" + lineEnd);
            case TWO_LENGTHS -> write(out, "Content-Length: " + content.length + lineEnd + "Content-Length: "
                    + (content.length + 1) + lineEnd);
            case NEGATIVE_LENGTH -> write(out, "Content-Length: -" + content.length + lineEnd);
            case TEXT_LENGTH -> write(out, "Content-Length: 12abc" + lineEnd);
        }
        write(out, "Connection: close" + lineEnd + lineEnd);
        switch (framing) {
            case CHUNKED, LENGTH_AND_CHUNKED -> chunks(out, content, true);
            case CHUNKED_BAD_SIZE -> {
                write(out, "zz" + lineEnd);
                out.writeBytes(content);
                write(out, lineEnd + "0" + lineEnd + lineEnd);
            }
            case CHUNKED_UNTERMINATED -> chunks(out, content, false);
            default -> out.writeBytes(content);
        }
        return out.toByteArray();
    }

    private void chunks(ByteArrayOutputStream out, byte[] content, boolean terminated) {
        int size = 1 + content.length / 3;
        for (int at = 0; at < content.length; at += size) {
            int length = Math.min(size, content.length - at);
            write(out, Integer.toHexString(length) + lineEnd);
            out.write(content, at, length);
            write(out, lineEnd);
        }
        if (terminated) {
            write(out, "0" + lineEnd + lineEnd);
        }
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    }
}
