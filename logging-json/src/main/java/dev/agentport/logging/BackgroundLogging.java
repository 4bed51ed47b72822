package dev.agentport.logging;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

/**
 * Takes the writing of log lines to stdout off the threads that log: the JSON appender of {@link JsonLogging} is
 * replaced by a {@link BufferedStdoutAppender}, so a request pays for encoding its access-log line and copying it into
 * a buffer, and stdout gets one write per buffer-full (or per {@link BufferedStdoutAppender#FLUSH_MILLIS}) instead of
 * one per line. No line is discarded: when stdout does not keep up, the thread whose line fills the buffer waits for
 * the write. With {@link LogOverflow#DROP} a Logback {@link AsyncAppender} that never blocks is put in front instead,
 * so a full queue drops lines rather than slow a request. {@link #drain} writes what is buffered or queued and goes
 * back to writing on the logging threads, so lines logged while the process exits are not lost either. A
 * configuration of the user's own ({@code -Dlogback.configurationFile}) is left as it is.
 */
final class BackgroundLogging {

    static final String APPENDER_NAME = "json-background";
    /** Room for bursts with {@link LogOverflow#DROP}: a few seconds of access-log lines at full load. */
    static final int QUEUE_SIZE = 8_192;
    /** Longest {@link #drain} waits for the queued lines to be written. */
    static final int MAX_DRAIN_MILLIS = 5_000;

    private BackgroundLogging() {
    }

    /** Puts the JSON appender behind a background writer; does nothing when it already is, or when there is none. */
    static synchronized void start(LoggerContext context, LogOverflow overflow) {
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        Appender<ILoggingEvent> json = root.getAppender(JsonLogging.APPENDER_NAME);
        if (json == null || root.getAppender(APPENDER_NAME) != null) {
            return;
        }
        BufferedStdoutAppender buffered = new BufferedStdoutAppender(JsonLogging.encoder(context));
        buffered.setContext(context);
        buffered.setName(APPENDER_NAME);
        buffered.start();
        root.addAppender(overflow == LogOverflow.DROP ? dropping(context, buffered) : buffered);
        root.detachAppender(json);
        json.stop();
    }

    private static AsyncAppender dropping(LoggerContext context, Appender<ILoggingEvent> writer) {
        AsyncAppender queue = new AsyncAppender();
        queue.setContext(context);
        queue.setName(APPENDER_NAME);
        queue.setQueueSize(QUEUE_SIZE);
        queue.setDiscardingThreshold(0); // a line is only dropped when the queue is full, whatever its level
        queue.setNeverBlock(true);
        queue.setMaxFlushTime(MAX_DRAIN_MILLIS);
        queue.addAppender(writer);
        queue.start();
        return queue;
    }

    /** Writes every buffered or queued line, then logs on the calling threads again; does nothing when not started. */
    static synchronized void drain(LoggerContext context) {
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        Appender<ILoggingEvent> background = root.getAppender(APPENDER_NAME);
        if (background == null) {
            return;
        }
        root.addAppender(JsonLogging.console(context)); // lines logged from now on are written at once
        root.detachAppender(background);
        background.stop(); // writes what is queued and buffered, then stops the writer
    }
}
