package dev.spendline.cli.action;

import picocli.CommandLine.Command;

/** {@code spendline action}: write actions in two steps, prepare (changes nothing) and confirm. */
@Command(
        name = "action",
        mixinStandardHelpOptions = true,
        description = {
            "Changes in two steps: prepare-* shows what would happen and changes nothing; confirm executes it",
            "with the token and the exact phrase, within 10 minutes, with the same API key. Team workspaces only."
        },
        subcommands = {
            PrepareBudgetCommand.class,
            PrepareAlertSnoozeCommand.class,
            PrepareShadowGuardrailCommand.class,
            ConfirmCommand.class
        })
public final class ActionCommand {}
