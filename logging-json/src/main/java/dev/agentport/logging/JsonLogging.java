package dev.agentport.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import net.logstash.logback.encoder.LogstashEncoder;

/**
 * Logs one JSON object per line on stdout, at {@code LOG_LEVEL} (default INFO), on every target: the fields are
 * {@code time}, {@code severity} (the name Cloud Logging reads on Cloud Run and Cloud Functions), {@code message},
 * {@code logger_name}, {@code thread_name}, for errors {@code stack_trace}, the MDC's entries (the request's
 * {@code trace_id} and {@code request_id} while it is handled) and the event's key-value pairs (the access log's
 * {@code method}, {@code path}, {@code status}, ...); CloudWatch Logs Insights discovers them by itself. Logback finds this class through ServiceLoader. It is configured in code rather than in logback.xml
 * because parsing XML costs a few hundred milliseconds of start-up; {@code -Dlogback.configurationFile=...} still
 * takes precedence.
 */
public final class JsonLogging extends ContextAwareBase implements Configurator {

    /** The name of the appender this configuration gives the root logger. */
    static final String APPENDER_NAME = "json";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(levelOrInfo());
        root.addAppender(console(context));
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** A started appender that writes each event as one JSON line on stdout, on the thread that logs it. */
    static ConsoleAppender<ILoggingEvent> console(LoggerContext context) {
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName(APPENDER_NAME);
        console.setEncoder(encoder(context));
        console.start();
        return console;
    }

    /** A started encoder of one event as one JSON line, with the field names above. */
    static LogstashEncoder encoder(LoggerContext context) {
        LogstashEncoder encoder = new LogstashEncoder();
        encoder.setContext(context);
        encoder.getFieldNames().setTimestamp("time");
        encoder.getFieldNames().setLevel("severity");
        encoder.getFieldNames().setVersion("[ignore]");
        encoder.getFieldNames().setLevelValue("[ignore]");
        // this configuration sets no context property, and the context's provider copies their map for every line
        encoder.setIncludeContext(false);
        encoder.start();
        return encoder;
    }

    /**
     * Logback swallows what a configurator throws, so an invalid {@code LOG_LEVEL} is only reported here as INFO;
     * {@link Observability#start}, which every target calls first, stops start-up on it. Logback creates this
     * configurator as the process starts, before any settings can be handed to it: the environment is read here.
     */
    private static Level levelOrInfo() {
        try {
            return LogLevels.parse(System.getenv(LogLevels.VARIABLE));
        } catch (IllegalArgumentException invalid) {
            return Level.INFO;
        }
    }
}
