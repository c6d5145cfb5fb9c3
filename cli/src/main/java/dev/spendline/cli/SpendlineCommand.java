package dev.spendline.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A leaf command: reaches the run's {@link Session} through the root command. */
public abstract class SpendlineCommand implements Callable<Integer> {

    @Spec
    protected CommandSpec spec;

    protected Session session() {
        return ((SpendlineCli) spec.root().userObject()).session();
    }
}
