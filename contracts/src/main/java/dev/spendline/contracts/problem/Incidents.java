package dev.spendline.contracts.problem;

import dev.spendline.contracts.ids.ReadableIds;
import org.slf4j.Logger;

/**
 * Turns an unexpected failure into a 500 {@code internal_error} answer: the failure is logged at
 * ERROR with its stack trace under a new incident id ({@code inc_…}), and the answer carries that
 * id and nothing else about the failure, so an operator can find it and a client learns nothing
 * about the internals.
 */
public final class Incidents {

    private Incidents() {}

    /**
     * Logs {@code failure} under a new incident id and returns the 500 answer naming it.
     *
     * @param what the request that failed, for the log (e.g. {@code "GET /api/v1/budgets"})
     * @param detail what the client should know, e.g. that nothing was changed
     */
    public static ProblemException record(Logger log, String what, Throwable failure, String detail) {
        String incident = ReadableIds.next("inc_");
        log.error("Incident {}: {} failed unexpectedly", incident, what, failure);
        return ProblemException.internalError(incident, detail);
    }
}
