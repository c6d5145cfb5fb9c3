package dev.spendline.standalone;

import dev.spendline.contracts.text.EditDistance;
import dev.spendline.contracts.validation.TerminalText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;

/**
 * A mistyped option or command ({@code --prot}, {@code lst-keys}) is one line naming the closest
 * real one, instead of the whole usage with no hint (issue #31). Other usage errors keep picocli's
 * answer: their own message, then the usage.
 */
final class Mistyped implements CommandLine.IParameterExceptionHandler {

    private final CommandLine.IParameterExceptionHandler others;

    Mistyped(CommandLine.IParameterExceptionHandler others) {
        this.others = others;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) throws Exception {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException unmatched)
                || unmatched.getUnmatched().isEmpty()) {
            return others.handleParseException(ex, args);
        }
        CommandLine command = ex.getCommandLine();
        CommandLine.Model.CommandSpec spec = command.getCommandSpec();
        String given = unmatched.getUnmatched().get(0);
        boolean option = given.startsWith("-");
        List<String> candidates = new ArrayList<>();
        if (option) {
            spec.options().forEach(o -> candidates.addAll(List.of(o.names())));
        } else {
            candidates.addAll(spec.subcommands().keySet());
        }
        String what = option ? "option" : spec.subcommands().isEmpty() ? "argument" : "command";
        // --prot=8081 is the option --prot with a value.
        String name = option && given.contains("=") ? given.substring(0, given.indexOf('=')) : given;
        String suggestion =
                closest(name, candidates).map(c -> ": did you mean " + c + "?").orElse("");
        command.getErr()
                .println("Unknown " + what + " '" + TerminalText.escape(given) + "'" + suggestion + " ("
                        + spec.qualifiedName() + " --help lists the " + (option ? "options" : "commands") + ")");
        command.getErr().flush();
        return spec.exitCodeOnInvalidInput();
    }

    /** The candidate nearest to {@code given}, if it is near enough to be what was meant. */
    static Optional<String> closest(String given, List<String> candidates) {
        // Two edits (or a third of a long name) still reads as a typo; more is another word.
        int allowed = Math.max(2, given.length() / 3);
        String best = null;
        int bestDistance = allowed + 1;
        for (String candidate : candidates) {
            int distance = EditDistance.of(given, candidate, allowed);
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return Optional.ofNullable(best);
    }
}
