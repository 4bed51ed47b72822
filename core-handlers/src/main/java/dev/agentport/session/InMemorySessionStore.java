package dev.agentport.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Turn;
import dev.agentport.base.TailList;
import dev.agentport.store.EpochNanos;
import dev.agentport.store.ExpiringLruMap;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Keeps conversations and paused runs in this process's memory, with the same semantics a durable store has
 * (versioned appends, claim-once paused runs, a time to live). Right for a single server, a test or a demo; lost on
 * restart and not shared between instances. Bounded so that callers cannot exhaust memory: at most {@code maxSessions}
 * conversations and as many paused runs (the least recently used go first), and at most {@code maxTurns} turns per
 * conversation (the oldest go first).
 *
 * <p>Many calls of one conversation may run at once, so the store's lock is held only to find a conversation (and
 * mark it used), to read its turns and version, and to append to it: its turns are an immutable {@link TailList},
 * which a read hands out as it is and an append extends without copying (the kept turns stay at their cap, and the
 * lists handed out keep their turns).
 *
 * <p>Most conversations have one turn (a call without a session id starts one), and up to {@code maxSessions} of them
 * stay live for the collector to copy, so a conversation is kept as few objects as it can be: one {@link Kept}, its
 * own entry in the store's map, holding its first turn's parts until a second turn makes it a list.
 */
public final class InMemorySessionStore implements SessionStore {

    public static final int DEFAULT_MAX_SESSIONS = 10_000;
    public static final int DEFAULT_MAX_TURNS = 100;
    public static final Duration DEFAULT_TTL = Duration.ofDays(7);

    private final int maxTurns;
    private final Duration ttl;
    private final Clock clock;
    private final ExpiringLruMap<Kept> sessions;
    private final ExpiringLruMap<Paused> paused;

    /**
     * A conversation as kept: its turns (at most {@code maxTurns}), version and end of life. Read and written with the
     * store's lock held; what a read hands out is immutable.
     */
    private static final class Kept extends ExpiringLruMap.Entry {
        /** Null while the conversation has one turn, kept as the parts below. */
        private TailList<Turn> turns;
        /** The only turn's input and output: a {@link JsonNode}, or a text node's text as {@link #unwrapped} keeps it. */
        private Object onlyInput;
        private Object onlyOutput;
        private long onlyAtSecond;
        private int onlyAtNano;
        private long version;

        /** Appends {@code turn}, keeping the newest {@code maxTurns}. */
        void add(Turn turn, int maxTurns, long expiresAt) {
            if (version == 0 && maxTurns > 0 && turn.at() != null) {
                onlyInput = unwrapped(turn.input());
                onlyOutput = unwrapped(turn.output());
                onlyAtSecond = turn.at().getEpochSecond();
                onlyAtNano = turn.at().getNano();
            } else {
                turns = turns().append(turn, maxTurns);
                onlyInput = null;
                onlyOutput = null;
            }
            version++;
            expiresAt(expiresAt);
        }

        TailList<Turn> turns() {
            if (turns != null) {
                return turns;
            }
            if (version == 0) {
                return TailList.empty();
            }
            return TailList.handOver(new Turn[] {new Turn(wrapped(onlyInput), wrapped(onlyOutput),
                    Instant.ofEpochSecond(onlyAtSecond, onlyAtNano))});
        }

        /**
         * A text node as its text, in bytes when every character is Latin-1 (a String would be those bytes and one
         * object more): the fewer objects to keep, the less the collector copies. A read makes an equal node again.
         */
        private static Object unwrapped(JsonNode node) {
            if (node instanceof TextNode text && text.textValue() != null) {
                String value = text.textValue();
                return latin1(value) ? value.getBytes(StandardCharsets.ISO_8859_1) : value;
            }
            return node;
        }

        private static JsonNode wrapped(Object kept) {
            return switch (kept) {
                case null -> null;
                case byte[] latin1 -> TextNode.valueOf(new String(latin1, StandardCharsets.ISO_8859_1));
                case String text -> TextNode.valueOf(text);
                default -> (JsonNode) kept;
            };
        }

        private static boolean latin1(String text) {
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) > 0xFF) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class Paused extends ExpiringLruMap.Entry {
        private final PausedRun run;

        Paused(PausedRun run, long expiresAt) {
            this.run = run;
            expiresAt(expiresAt);
        }
    }

    public InMemorySessionStore() {
        this(DEFAULT_MAX_SESSIONS, DEFAULT_MAX_TURNS);
    }

    public InMemorySessionStore(int maxSessions, int maxTurns) {
        this(maxSessions, maxTurns, DEFAULT_TTL, Clock.systemUTC());
    }

    public InMemorySessionStore(Duration ttl) {
        this(DEFAULT_MAX_SESSIONS, DEFAULT_MAX_TURNS, ttl, Clock.systemUTC());
    }

    public InMemorySessionStore(int maxSessions, int maxTurns, Duration ttl, Clock clock) {
        this.maxTurns = maxTurns;
        this.ttl = ttl;
        this.clock = clock;
        this.sessions = new ExpiringLruMap<>(maxSessions);
        this.paused = new ExpiringLruMap<>(maxSessions);
    }

    @Override
    public Conversation conversation(String sessionId) {
        long now = EpochNanos.of(clock.instant());
        TailList<Turn> turns;
        long version;
        synchronized (this) {
            Kept kept = sessions.get(sessionId, now);
            if (kept == null) {
                return Conversation.EMPTY;
            }
            turns = kept.turns();
            version = kept.version;
        }
        return new Conversation(turns, version);
    }

    @Override
    public boolean append(String sessionId, long expectedVersion, Turn turn) {
        Instant now = clock.instant();
        synchronized (this) {
            Kept kept = sessions.get(sessionId, EpochNanos.of(now));
            if ((kept == null ? 0 : kept.version) != expectedVersion) {
                return false;
            }
            add(sessionId, kept, turn, now);
            return true;
        }
    }

    /** Appends whatever the version: in one hold of the lock, so it never conflicts. */
    @Override
    public void append(String sessionId, Turn turn) {
        Instant now = clock.instant();
        synchronized (this) {
            add(sessionId, sessions.get(sessionId, EpochNanos.of(now)), turn, now);
        }
    }

    /** Called with the lock held. */
    private void add(String sessionId, Kept kept, Turn turn, Instant now) {
        if (kept == null) {
            kept = new Kept();
            sessions.put(sessionId, kept);
        }
        kept.add(turn, maxTurns, EpochNanos.of(now.plus(ttl)));
    }

    @Override
    public synchronized boolean exists(String sessionId) {
        long now = EpochNanos.of(clock.instant());
        if (sessions.get(sessionId, now) != null) {
            return true;
        }
        for (Paused kept : paused) {
            if (kept.run.sessionId().equals(sessionId) && !kept.expired(now)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public synchronized void savePaused(PausedRun run) {
        paused.put(run.runId(), new Paused(run, EpochNanos.of(clock.instant().plus(ttl))));
    }

    @Override
    public synchronized Optional<PausedRun> claimPaused(String runId) {
        Paused kept = paused.remove(runId, EpochNanos.of(clock.instant()));
        return kept == null ? Optional.empty() : Optional.of(kept.run);
    }
}
