package dev.spendline.query.action;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** Every {@link WriteAction} bean by name; a new kind is one new bean. */
final class WriteActionRegistry {

    private static final Pattern NAME = Pattern.compile("[a-z]+(_[a-z]+)*");

    private final Map<String, WriteAction> byName = new TreeMap<>();

    WriteActionRegistry(List<WriteAction> actions) {
        for (WriteAction action : actions) {
            if (!NAME.matcher(action.name()).matches()) {
                throw new IllegalStateException(
                        "Write action name must be lowercase words joined by '_': " + action.name());
            }
            WriteAction earlier = byName.putIfAbsent(action.name(), action);
            if (earlier != null) {
                throw new IllegalStateException("Two write actions named " + action.name() + ": "
                        + earlier.getClass().getName() + " and "
                        + action.getClass().getName());
            }
        }
    }

    Optional<WriteAction> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** The known names, sorted. */
    List<String> names() {
        return List.copyOf(byName.keySet());
    }
}
