package dev.spendline.cli.action;

import picocli.CommandLine.Command;

/** {@code spendline action}: write actions in two steps, prepare (changes nothing) and confirm. */
@Command(
        name = "action",
        mixinStandardHelpOptions = true,
        description = {
            "Prepare a change (nothing happens yet), then confirm it with the printed token and phrase.",
            "Confirm within 10 minutes, with the same API key. Team workspaces only."
        },
        subcommands = {
            PrepareBudgetCommand.class,
            PrepareAlertSnoozeCommand.class,
            PrepareShadowGuardrailCommand.class,
            ConfirmCommand.class
        })
public final class ActionCommand {}
