package dev.spendline.standalone;

import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.query.settings.OperatorCommands;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The local commands spelled the way this installation runs them: the one place that knows the
 * launcher's name. The start-up banner, {@code --help}, the usage line and the Settings page take
 * their commands from here, so a hint cannot name a command that does not exist (issue #31: they
 * named {@code spendline-standalone}, which is on nobody's PATH).
 *
 * <p>{@code bin/spendline-local} passes its own path, as it was typed, in {@value #LAUNCHER_PROPERTY};
 * it also changes to the project directory before starting Java, so a relative {@code --data-dir}
 * means the same directory each time the launcher runs, and a printed command runs as printed from
 * the directory it was printed in.
 */
public final class LocalCommands implements OperatorCommands {

    /** Set by {@code bin/spendline-local} to its path as typed ({@code $0}). */
    static final String LAUNCHER_PROPERTY = "spendline.launcher";

    /** The Spring property the standalone sets to the data directory as it was given. */
    static final String DATA_DIR_PROPERTY = "spendline.local-commands.data-dir";

    /** Placeholders in the add-price hint, for the user to replace. */
    static final String PROVIDER = "PROVIDER";

    static final String MODEL = "MODEL";
    static final String PRICE = "USD_PER_MTOK";

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private final String dataDir;

    /** @param dataDir the data directory as the user gave it (relative stays relative) */
    LocalCommands(String dataDir) {
        this.dataDir = dataDir;
    }

    /**
     * The launcher as typed: {@code bin/spendline-local}'s own path, else {@code java -jar} with
     * the jar as typed; from a class path of directories (an IDE, the tests) the project's launcher.
     */
    static String launcher() {
        String typed = System.getProperty(LAUNCHER_PROPERTY);
        if (typed != null && !typed.isBlank()) {
            return quote(typed);
        }
        // java -jar puts the jar, as typed, alone on the class path (also Spring Boot's nested-jar launcher).
        String classPath = System.getProperty("java.class.path", "");
        if (classPath.endsWith(".jar") && !classPath.contains(java.io.File.pathSeparator)) {
            return "java -jar " + quote(classPath);
        }
        return "bin/spendline-local";
    }

    /** {@code <launcher> <args...> --data-dir <dir>}, each argument quoted for a POSIX shell where needed. */
    String command(String... args) {
        List<String> words = new ArrayList<>(List.of(args));
        words.add("--data-dir");
        words.add(dataDir);
        StringBuilder line = new StringBuilder(launcher());
        for (String word : words) {
            line.append(' ').append(quote(word));
        }
        return line.toString();
    }

    /** The commands the first start's banner suggests next. */
    List<String> afterFirstStart() {
        return List.of(command("list-keys"), command("create-key"));
    }

    /** The command a later start's banner suggests: another API key. */
    String anotherKey() {
        return command("create-key");
    }

    /**
     * The footer of {@code --help}: the key commands on the default data directory, ready to run.
     * {@code revoke-key} needs a key id, so its help is shown rather than a revocation.
     */
    static List<String> helpFooter() {
        String launcher = launcher();
        return List.of(
                "",
                "Commands on a data directory (--data-dir, default ./data or $SPENDLINE_DATA_DIR), also while"
                        + " Spendline runs on it:",
                "  " + launcher + " list-keys",
                "  " + launcher + " create-key",
                "  " + launcher + " set-plan TEAM",
                "  " + launcher + " setup-link",
                "Each command's options, e.g. revoke-key's (it takes a key id that list-keys shows) and add-price's"
                        + " (it prices a model the price book lacks):",
                "  " + launcher + " revoke-key --help",
                "  " + launcher + " add-price --help");
    }

    /**
     * The command that prices {@code model} of {@code provider}, with placeholders for what only the
     * user knows: the prices ({@value #PRICE}), and the provider ({@value #PROVIDER}) when null.
     */
    String addPrice(String provider, String model) {
        return command(
                "add-price",
                "--provider",
                provider == null ? PROVIDER : provider,
                "--model",
                model,
                "--input",
                PRICE,
                "--output",
                PRICE);
    }

    /**
     * The fix of usage the price book could not price: {@code add-price} for each of {@code models}
     * (most rows first; {@value #MODEL} when the report could not name them) with its provider
     * where {@code providers} knows it, then the restart. Every surface (overview, reports, Ask, the
     * CLI) shows this text ({@link PriceHintQueries}).
     */
    String unpricedFix(List<String> models, Map<String, String> providers) {
        List<String> named = models.isEmpty() ? List.of(MODEL) : models;
        List<String> shown = named.stream().limit(UnpricedUsage.MAX_COMMANDS).toList();
        List<String> commands = shown.stream()
                .map(model -> addPrice(providers.get(model), model))
                .toList();
        boolean providerPlaceholder = shown.stream().anyMatch(model -> !providers.containsKey(model));
        return UnpricedUsage.fixByCommands(commands, named.size() - shown.size(), providerPlaceholder);
    }

    @Override
    public Optional<String> setPlan(String workspaceId, String plan) {
        return Optional.of(command("set-plan", "--workspace", workspaceId, plan));
    }

    @Override
    public Optional<String> redriveDeadLetters(String workspaceId) {
        return Optional.of(command("redrive-dead-letters", "--workspace", workspaceId));
    }

    /** {@code word} as a POSIX shell reads it back: as it is when plain, else in single quotes. */
    static String quote(String word) {
        if (PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
