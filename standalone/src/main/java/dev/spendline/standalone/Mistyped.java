package dev.spendline.standalone;

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
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int distance = distance(given, candidate);
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        // Two edits (or a third of a long name) still reads as a typo; more is another word.
        int allowed = Math.max(2, given.length() / 3);
        return best != null && bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** Edits between two words: insertions, deletions, substitutions and swaps of neighbours. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
