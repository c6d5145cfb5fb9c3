package dev.spendline.cli;

/** The options every command takes (declared once on the root, inherited by all subcommands). */
final class GlobalOptions {
    String url;
    boolean json;
    boolean debug;
}
