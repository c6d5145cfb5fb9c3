package dev.spendline.query.alerts;

/** No open alert with this id in the caller's workspace; answered 404. */
final class UnknownAlertException extends RuntimeException {
    UnknownAlertException(String id) {
        super("No open alert " + id + " in this workspace", null, false, false);
    }
}
