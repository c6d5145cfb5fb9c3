package dev.spendline.cli.action;

/** POSIX shell quoting: the value in single quotes, each {@code '} written as {@code '\''}. */
final class ShellQuote {

    private ShellQuote() {}

    static String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }
}
