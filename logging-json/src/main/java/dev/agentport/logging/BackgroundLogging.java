package dev.agentport.logging;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

/**
 * Moves the writing of log lines off the threads that log: the JSON appender of {@link JsonLogging} is put behind one
 * Logback {@link AsyncAppender}, whose single worker encodes each event and writes it to stdout, so a request pays
 * only for queueing its access-log line. No line is discarded for its level, and a full queue makes the logging thread
 * wait unless {@link LogOverflow#DROP} says otherwise. {@link #drain} writes what is queued and goes back to writing on
 * the logging threads, so lines logged while the process exits are not lost either. A configuration of the user's own
 * ({@code -Dlogback.configurationFile}) is left as it is.
 */
final class BackgroundLogging {

    static final String APPENDER_NAME = "json-background";
    /** Room for bursts: a few seconds of access-log lines at full load. */
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
        AsyncAppender background = new AsyncAppender();
        background.setContext(context);
        background.setName(APPENDER_NAME);
        background.setQueueSize(QUEUE_SIZE);
        background.setDiscardingThreshold(0);
        background.setNeverBlock(overflow == LogOverflow.DROP);
        background.setMaxFlushTime(MAX_DRAIN_MILLIS);
        background.addAppender(json);
        background.start();
        root.addAppender(background);
        root.detachAppender(json);
    }

    /** Writes every queued line, then logs on the calling threads again; does nothing when not started. */
    static synchronized void drain(LoggerContext context) {
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        if (!(root.getAppender(APPENDER_NAME) instanceof AsyncAppender background)) {
            return;
        }
        root.addAppender(JsonLogging.console(context)); // lines logged from now on are written at once
        root.detachAppender(background);
        background.stop(); // writes what is queued, then stops its worker and the old JSON appender
    }
}
