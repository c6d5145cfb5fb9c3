package dev.spendline.contracts.query;

/** No instance can serve the query now; it is worth retrying shortly. */
public class QueryUnavailableException extends RuntimeException {

    public QueryUnavailableException(String message) {
        super(message);
    }

    public QueryUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
