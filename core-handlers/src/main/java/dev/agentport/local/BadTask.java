package dev.agentport.local;

/** A {@code /run-task} body that is JSON but not a task: answered 400. The message never quotes a value. */
final class BadTask extends RuntimeException {

    BadTask(String message) {
        super(message, null, false, false);
    }
}
