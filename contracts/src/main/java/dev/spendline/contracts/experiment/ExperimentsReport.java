package dev.spendline.contracts.experiment;

import java.util.List;

/** The answer to an {@link ExperimentsQuery}: experiments by id. */
public record ExperimentsReport(String workspaceId, List<ExperimentSummary> experiments) {}
