package dev.spendline.query.slack;

import com.slack.api.bolt.model.Bot;
import com.slack.api.bolt.model.Installer;
import com.slack.api.bolt.model.builtin.DefaultBot;
import com.slack.api.bolt.service.InstallationService;
import dev.spendline.controlplane.slack.SlackInstallation;
import dev.spendline.controlplane.slack.SlackInstallationRepository;
import java.util.Optional;

/**
 * Bolt's installation store over the control-plane database: Bolt asks it for a team's bot (to
 * authorize each request and to call the Web API as the bot), and the bot token is decrypted only
 * here. Installations are written by {@link SlackInstallFlow}, which binds them to a Spendline
 * workspace; Bolt's own OAuth callback, which would save through this store, is not used.
 */
final class SlackInstallations implements InstallationService {

    private final SlackInstallationRepository repository;
    private final SlackTokenCipher cipher;

    SlackInstallations(SlackInstallationRepository repository, SlackTokenCipher cipher) {
        this.repository = repository;
        this.cipher = cipher;
    }

    /** The team's binding with its bot token in plain text, for calls made as the bot. */
    Optional<String> botToken(String teamId) {
        return repository
                .findByTeam(teamId)
                .map(installation -> cipher.decrypt(installation.botTokenCiphertext(), teamId));
    }

    /** The bot token of the Slack team a Spendline workspace is connected to, if it is. */
    Optional<String> botTokenOfWorkspace(String workspaceId) {
        return repository
                .findByWorkspace(workspaceId)
                .map(installation -> cipher.decrypt(installation.botTokenCiphertext(), installation.teamId()));
    }

    Optional<SlackInstallation> findByTeam(String teamId) {
        return repository.findByTeam(teamId);
    }

    @Override
    public Bot findBot(String enterpriseId, String teamId) {
        if (teamId == null) {
            return null; // org-wide installs are not offered (the install refuses them)
        }
        return repository
                .findByTeam(teamId)
                .map(installation -> {
                    DefaultBot bot = new DefaultBot();
                    bot.setAppId(installation.appId());
                    bot.setEnterpriseId(installation.enterpriseId());
                    bot.setTeamId(installation.teamId());
                    bot.setBotId(installation.botId());
                    bot.setBotUserId(installation.botUserId());
                    bot.setBotScope(installation.botScopes());
                    bot.setBotAccessToken(cipher.decrypt(installation.botTokenCiphertext(), teamId));
                    bot.setInstalledAt(installation.installedAt().toEpochMilli());
                    return (Bot) bot;
                })
                .orElse(null);
    }

    @Override
    public Installer findInstaller(String enterpriseId, String teamId, String userId) {
        return null; // no user tokens are asked for, only the bot's
    }

    @Override
    public void deleteBot(Bot bot) {
        repository.deleteTeam(bot.getTeamId());
    }

    @Override
    public void deleteInstaller(Installer installer) {
        repository.deleteTeam(installer.getTeamId());
    }

    @Override
    public void deleteAll(String enterpriseId, String teamId) {
        repository.deleteTeam(teamId);
    }

    @Override
    public void saveInstallerAndBot(Installer installer) {
        throw new UnsupportedOperationException("installations are saved by SlackInstallFlow, bound to a workspace");
    }

    /** What Bolt answers a team it finds no bot for (never connected, or disconnected). */
    @Override
    public String getInstallationGuideText(String enterpriseId, String teamId, String userId) {
        return NOT_CONNECTED;
    }

    static final String NOT_CONNECTED = "This Slack workspace is not connected to Spendline. An owner or admin connects"
            + " it in Spendline's Settings → Ask with “Add to Slack”.";

    @Override
    public boolean isHistoricalDataEnabled() {
        return false;
    }

    @Override
    public void setHistoricalDataEnabled(boolean enabled) {
        if (enabled) {
            throw new UnsupportedOperationException("one installation per team is kept");
        }
    }
}
