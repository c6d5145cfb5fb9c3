package dev.spendline.query.experiments;

/** No event of the caller's workspace named this experiment (or not processed yet); answered 404. */
final class UnknownExperimentException extends RuntimeException {
    UnknownExperimentException(String id) {
        super(
                "No experiment '" + id + "' in this workspace's events: events name one with metadata.experimentId"
                        + " and metadata.variant",
                null,
                false,
                false);
    }
}
