package dev.spendline.cli.auth;

import picocli.CommandLine.Command;

/** {@code spendline auth}: the saved API key. */
@Command(
        name = "auth",
        mixinStandardHelpOptions = true,
        description = "Log in with a workspace API key, check the login, log out.",
        subcommands = {LoginCommand.class, StatusCommand.class, LogoutCommand.class})
public final class AuthCommand {}
