package dev.agentport.store.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A Lua script run by the server as one atomic step, called by its SHA-1 ({@code EVALSHA}); the server learns it the
 * first time (or again after a restart) from {@code EVAL}.
 *
 * @param name   the script's file name, for messages
 * @param source its Lua source
 * @param sha    the SHA-1 of the source, in hex, as Redis names scripts
 */
record RedisScript(String name, String source, String sha) {

    static final RedisScript APPEND = load("append.lua");
    static final RedisScript CONVERSATION = load("conversation.lua");
    static final RedisScript EXISTS = load("exists.lua");
    static final RedisScript SAVE_PAUSED = load("save-paused.lua");
    static final RedisScript CLAIM = load("claim.lua");
    static final RedisScript PUT_TASK = load("put-task.lua");
    static final RedisScript LIST_TASKS = load("list-tasks.lua");
    static final RedisScript PUT_MCP_TASK = load("put-mcp-task.lua");
    static final RedisScript DELIVER_REPLY = load("deliver-reply.lua");
    static final RedisScript CLOSE_REPLY = load("close-reply.lua");

    private static RedisScript load(String name) {
        try (InputStream in = RedisScript.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the script " + name + " is missing from the store's jar");
            }
            String source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new RedisScript(name, source, sha1(source));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha1(String source) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                    .digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
