package dev.spendline.query.signin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.accounts.InvitationRepository;
import dev.spendline.controlplane.accounts.Membership;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.SetupLinkRepository;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.time.Clock;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.transaction.support.TransactionTemplate;

/** Accounts and their workspaces on a real (H2) control plane. */
class AccountServiceTest {

    private HikariDataSource dataSource;
    private UserRepository users;
    private MembershipRepository memberships;
    private final PasswordEncoder passwords = PasswordEncoderFactories.createDelegatingPasswordEncoder();

    @BeforeEach
    void database() {
        dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(
                "jdbc:h2:mem:accounts_" + UUID.randomUUID().toString().replace("-", ""));
        dataSource.setUsername("sa");
        dataSource.setMinimumIdle(1);
        ControlPlaneMigrations.migrate(dataSource);
        JdbcClient jdbc = JdbcClient.create(dataSource);
        users = new UserRepository(jdbc, Clock.systemUTC());
        memberships = new MembershipRepository(jdbc, Clock.systemUTC());
    }

    @AfterEach
    void close() {
        dataSource.close();
    }

    private AccountService accounts(Plan defaultPlan) {
        JdbcClient jdbc = JdbcClient.create(dataSource);
        return new AccountService(
                users,
                new WorkspaceRepository(jdbc, Clock.systemUTC()),
                memberships,
                new InvitationRepository(jdbc, Clock.systemUTC()),
                new SetupLinkRepository(jdbc, Clock.systemUTC()),
                passwords,
                new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
                defaultPlan,
                Clock.systemUTC());
    }

    @Test
    void aNewAccountsWorkspaceIsNamedAfterItAndOnTheConfiguredDefaultPlan() {
        User ana = accounts(Plan.TEAM)
                .signUp("ana@example.com", "Ana", "a long password", new AccountService.Joining.OwnWorkspace());
        User bo = accounts(Plan.FREE)
                .signUp(
                        "bo@example.com",
                        "bo@example.com",
                        "a long password",
                        new AccountService.Joining.OwnWorkspace());

        Membership anas = memberships.forUser(ana.id()).get(0);
        assertThat(anas.workspaceName()).isEqualTo("Ana's workspace");
        assertThat(anas.plan()).isEqualTo(Plan.TEAM);
        assertThat(anas.role()).isEqualTo(Role.OWNER);
        assertThat(memberships.forUser(bo.id()).get(0).workspaceName()).isEqualTo("bo's workspace");
        assertThat(memberships.forUser(bo.id()).get(0).plan()).isEqualTo(Plan.FREE);
    }

    @Test
    void thePasswordIsStoredOnlyAsAnAdaptiveHash() {
        User ana = accounts(Plan.FREE)
                .signUp("ana@example.com", "Ana", "a long password", new AccountService.Joining.OwnWorkspace());

        String stored = users.passwordHash(ana.id()).orElseThrow();
        assertThat(stored).startsWith("{bcrypt}$2").doesNotContain("a long password");
        assertThat(passwords.matches("a long password", stored)).isTrue();
    }

    @Test
    void aTakenAddressIsRefusedWithoutCreatingAnything() {
        AccountService accounts = accounts(Plan.FREE);
        accounts.signUp("ana@example.com", "Ana", "a long password", new AccountService.Joining.OwnWorkspace());

        assertThatThrownBy(() -> accounts.signUp(
                        "ANA@example.com", "Other", "another password", new AccountService.Joining.OwnWorkspace()))
                .isInstanceOf(SignUpRefusedException.class);
        assertThat(JdbcClient.create(dataSource)
                        .sql("select count(*) from workspaces")
                        .query(Long.class)
                        .single())
                .isEqualTo(1);
    }
}
