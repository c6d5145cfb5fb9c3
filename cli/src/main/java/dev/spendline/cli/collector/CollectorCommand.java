package dev.spendline.cli.collector;

import picocli.CommandLine.Command;

/** {@code spendline collector}: the local collector of Claude Code and Codex usage. */
@Command(
        name = "collector",
        mixinStandardHelpOptions = true,
        description = {
            "The local collector: receives Claude Code's and Codex's OpenTelemetry on 127.0.0.1 and sends"
                    + " one usage row per model call to Spendline, as the signed-in employee.",
            "Start with 'spendline collector setup'. See docs/collector.md."
        },
        subcommands = {SetupCommand.class, StatusCommand.class, UninstallCommand.class, RunCommand.class})
public final class CollectorCommand {}
