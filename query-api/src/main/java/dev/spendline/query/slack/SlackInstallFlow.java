package dev.spendline.query.slack;

import com.slack.api.Slack;
import com.slack.api.methods.SlackApiException;
import com.slack.api.methods.response.oauth.OAuthV2AccessResponse;
import dev.spendline.controlplane.slack.SlackInstallation;
import dev.spendline.controlplane.slack.SlackInstallationRepository;
import dev.spendline.controlplane.slack.SlackInstallationRepository.InstallState;
import dev.spendline.controlplane.support.RandomSecrets;
import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.signin.WorkspaceAuthentication;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Installing and disconnecting the Slack app, from settings only. The install starts with a state
 * bound to the signed-in user, the browser session and the selected workspace (single-use, ten
 * minutes), so an authorization URL copied to someone else, opened later or twice is refused. The
 * callback exchanges the code with {@code oauth.v2.access} and binds the Slack team to the workspace,
 * unless either is already bound elsewhere; the bot token is stored encrypted.
 */
final class SlackInstallFlow {

    /** How long an install started from settings may take. */
    static final Duration STATE_TTL = Duration.ofMinutes(10);

    private static final Logger log = LoggerFactory.getLogger(SlackInstallFlow.class);

    /** What the callback did: a notice for settings, or a refusal page (status, heading, message). */
    record Outcome(int status, String heading, String message) {
        boolean installed() {
            return status == 200;
        }
    }

    private final SlackProperties properties;
    private final Slack slack;
    private final SlackInstallationRepository repository;
    private final SlackTokenCipher cipher;
    private final WorkspaceRepository workspaces;
    private final Clock clock;

    SlackInstallFlow(
            SlackProperties properties,
            Slack slack,
            SlackInstallationRepository repository,
            SlackTokenCipher cipher,
            WorkspaceRepository workspaces,
            Clock clock) {
        this.properties = properties;
        this.slack = slack;
        this.repository = repository;
        this.cipher = cipher;
        this.workspaces = workspaces;
        this.clock = clock;
    }

    /** Slack's authorization URL for this user, session and workspace; the state in it is new. */
    String start(WorkspaceAuthentication viewer, String sessionId, String redirectUri) {
        String state = RandomSecrets.generate("slst_");
        repository.issueState(
                state, viewer.getPrincipal().workspaceId(), viewer.userId(), sessionHash(sessionId), STATE_TTL);
        return UriComponentsBuilder.fromUriString(properties.authorizeUrl())
                .queryParam("client_id", properties.clientId())
                .queryParam("scope", SlackProperties.SCOPES)
                .queryParam("state", state)
                .queryParam("redirect_uri", redirectUri)
                .encode()
                .build()
                .toUriString();
    }

    /** Slack sent the browser back: with a code, or with an error (cancelled, approval needed). */
    Outcome finish(
            WorkspaceAuthentication viewer,
            String sessionId,
            String state,
            String code,
            String error,
            String redirectUri) {
        // Taken first, whatever Slack answered, so that the same link never works twice.
        Optional<InstallState> bound =
                state == null || state.isBlank() ? Optional.empty() : repository.consumeState(state);
        if (error != null && !error.isBlank()) {
            return SlackErrors.authorizationError(error);
        }
        if (bound.isEmpty()) {
            return new Outcome(
                    400,
                    "This install link cannot be used",
                    "It was already used, or it was not started from Spendline's settings. A Slack installation is"
                            + " bound to a Spendline workspace only when it starts there: open Settings → Ask and"
                            + " choose “Add to Slack” again.");
        }
        InstallState install = bound.get();
        if (install.expiresAt().isBefore(clock.instant())) {
            return new Outcome(
                    400,
                    "This install link has expired",
                    "An installation must be completed within " + STATE_TTL.toMinutes() + " minutes of choosing"
                            + " “Add to Slack”. Open Settings → Ask and choose it again.");
        }
        if (!install.userId().equals(viewer.userId())
                || !install.sessionHash().equals(sessionHash(sessionId))
                || !install.workspaceId().equals(viewer.getPrincipal().workspaceId())) {
            return new Outcome(
                    403,
                    "This install was started by someone else",
                    "The link belongs to another user, another browser session or another workspace, so it cannot"
                            + " connect Slack here. An owner or admin of the workspace to connect chooses “Add to"
                            + " Slack” in its Settings → Ask, in their own browser.");
        }
        if (!viewer.manages()) {
            return new Outcome(
                    403,
                    "Only owners and admins can connect Slack",
                    "Your role in this workspace cannot connect the chat app. Ask an owner or admin to do it.");
        }
        if (code == null || code.isBlank()) {
            return new Outcome(400, "Slack sent no authorization code", "Open Settings → Ask and try again.");
        }
        OAuthV2AccessResponse access;
        try {
            access = slack.methods().oauthV2Access(r -> r.clientId(properties.clientId())
                    .clientSecret(properties.clientSecret())
                    .code(code)
                    .redirectUri(redirectUri));
        } catch (IOException | SlackApiException e) {
            log.warn("oauth.v2.access failed: {}", e.toString());
            return new Outcome(
                    502, "Slack could not be reached", "Nothing was installed. Try again from Settings → Ask.");
        }
        if (!access.isOk()) {
            return SlackErrors.accessError(access.getError());
        }
        if (access.isEnterpriseInstall() || access.getTeam() == null) {
            return new Outcome(
                    400,
                    "Install Spendline into one Slack workspace",
                    "Slack installed the app for a whole Enterprise Grid organization; Spendline connects one Slack"
                            + " workspace to one Spendline workspace. Install it again choosing a single workspace.");
        }
        return bind(install, access);
    }

    private Outcome bind(InstallState install, OAuthV2AccessResponse access) {
        String teamId = access.getTeam().getId();
        String teamName = access.getTeam().getName();
        Optional<SlackInstallation> existing = repository.findByTeam(teamId);
        // Not revoking the new token in the refusals below: Slack gives the same bot token to every install
        // of the app in a team, so revoking it would cut off the binding that already exists.
        if (existing.isPresent() && !existing.get().workspaceId().equals(install.workspaceId())) {
            String other = workspaces
                    .findById(existing.get().workspaceId())
                    .map(Workspace::name)
                    .orElse(existing.get().workspaceId());
            return new Outcome(
                    409,
                    "This Slack workspace is connected to another Spendline workspace",
                    "The Slack workspace “" + teamName + "” is connected to the Spendline workspace “" + other
                            + "”. A Slack workspace connects to one Spendline workspace at a time: an owner or admin"
                            + " of “" + other + "” first chooses “Disconnect Slack” in its Settings → Ask (or"
                            + " removes the app in Slack), then you can add it here.");
        }
        Optional<SlackInstallation> mine = repository.findByWorkspace(install.workspaceId());
        if (mine.isPresent() && !mine.get().teamId().equals(teamId)) {
            return new Outcome(
                    409,
                    "This workspace is already connected to Slack",
                    "It is connected to the Slack workspace “" + mine.get().teamName() + "”. Choose “Disconnect"
                            + " Slack” in Settings → Ask first to connect “" + teamName + "” instead.");
        }
        try {
            repository.save(new SlackInstallation(
                    teamId,
                    install.workspaceId(),
                    teamName,
                    access.getEnterprise() == null
                            ? null
                            : access.getEnterprise().getId(),
                    access.getAppId(),
                    access.getBotUserId(),
                    null,
                    access.getScope(),
                    cipher.encrypt(access.getAccessToken(), teamId),
                    cipher.currentKeyId(),
                    install.userId(),
                    Timestamps.now(clock)));
        } catch (DataIntegrityViolationException e) {
            // Another install of the same team or workspace won the race between the checks and the insert.
            return new Outcome(
                    409,
                    "Slack was connected meanwhile",
                    "Another installation finished at the same time. Open Settings → Ask to see which is connected.");
        }
        return new Outcome(
                200,
                "Slack connected",
                "Slack workspace “" + teamName + "” is connected. Ask with " + properties.command()
                        + " <question>, or mention @Spendline in a channel it was invited to.");
    }

    /**
     * Disconnects the workspace's Slack team: revokes the bot token ({@code auth.revoke}) and removes the
     * binding. The binding goes even when Slack cannot be reached, with a note that the app may still be
     * listed in Slack; nothing is connected afterwards either way.
     *
     * @return a notice for settings, or empty when nothing was connected
     */
    Optional<String> disconnect(String workspaceId) {
        Optional<SlackInstallation> installation = repository.findByWorkspace(workspaceId);
        if (installation.isEmpty()) {
            return Optional.empty();
        }
        SlackInstallation found = installation.get();
        String revoked;
        try {
            String token = cipher.decrypt(found.botTokenCiphertext(), found.teamId());
            var response = slack.methods(token).authRevoke(r -> r);
            revoked = response.isOk()
                            || "invalid_auth".equals(response.getError())
                            || "token_revoked".equals(response.getError())
                    ? ""
                    : " Slack answered “" + response.getError() + "” to revoking the token; remove the app in Slack"
                            + " (Manage apps) to be sure.";
        } catch (IOException | SlackApiException | IllegalStateException e) {
            log.warn("auth.revoke for Slack team {} failed: {}", found.teamId(), e.toString());
            revoked = " Slack could not be reached to revoke the token; remove the app in Slack (Manage apps).";
        }
        repository.deleteTeam(found.teamId());
        return Optional.of("Slack workspace “" + found.teamName() + "” is disconnected." + revoked);
    }

    private static String sessionHash(String sessionId) {
        return RandomSecrets.hash(sessionId == null ? "" : sessionId);
    }
}
