package dev.spendline.contracts.experiment;

/** Reads the experiments seen in a workspace's events, with their guardrails and shadow decisions. */
public interface ExperimentQueries {

    ExperimentsReport experiments(ExperimentsQuery query);
}
