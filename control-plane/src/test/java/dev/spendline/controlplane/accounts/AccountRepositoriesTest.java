package dev.spendline.controlplane.accounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.controlplane.DatabaseTest;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;

class AccountRepositoriesTest extends DatabaseTest {

    UserRepository users;
    MembershipRepository memberships;
    InvitationRepository invitations;
    SetupLinkRepository setupLinks;

    @BeforeEach
    void repositories() {
        users = new UserRepository(jdbc, clock);
        memberships = new MembershipRepository(jdbc, clock);
        invitations = new InvitationRepository(jdbc, clock);
        setupLinks = new SetupLinkRepository(jdbc, clock);
    }

    @Test
    void emailsAreOneAccountWhateverTheirCase() {
        User ana = users.create("  Ana@Example.COM ", "Ana", "{bcrypt}x");

        assertThat(ana.email()).isEqualTo("ana@example.com");
        assertThat(users.findByEmail("ANA@example.com")).contains(ana);
        assertThat(users.passwordHash(ana.id())).contains("{bcrypt}x");
        assertThatThrownBy(() -> users.create("ana@example.com", "Other", null))
                .isInstanceOf(DuplicateKeyException.class);
    }

    @Test
    void displayNamesAreCleanedAndCutToTheSignUpLimit() {
        // A provider's name claim is taken cleaned: refusing it would refuse the sign-in.
        assertThat(users.create("a@example.com", " Ana\u001b]0;x\u0007 Lima\u202e\r\n", null)
                        .displayName())
                .isEqualTo("Ana]0;x Lima");
        assertThat(users.create("b@example.com", "B".repeat(250), null).displayName())
                .hasSize(200);
        assertThat(users.create("c@example.com", "\u0007", null).displayName()).isEqualTo("c@example.com");
    }

    @Test
    void aProviderIdentityFindsItsUserAndNoOther() {
        User ana = users.create("ana@example.com", "Ana", null);
        users.linkIdentity("https://accounts.example", "sub-1", ana.id());

        assertThat(users.findByIdentity("https://accounts.example", "sub-1")).contains(ana);
        assertThat(users.findByIdentity("https://other.example", "sub-1")).isEmpty();
        assertThat(users.passwordHash(ana.id())).isEmpty();
    }

    @Test
    void membershipsListTheUsersWorkspacesAndTheWorkspacesMembers() {
        Workspace first = workspaces.create("First", Plan.FREE);
        clock.advance(Duration.ofSeconds(1));
        Workspace second = workspaces.create("Second", Plan.TEAM);
        User ana = users.create("ana@example.com", "Ana", null);
        User bo = users.create("bo@example.com", "Bo", null);

        assertThat(memberships.add(first.id(), ana.id(), Role.OWNER)).isTrue();
        clock.advance(Duration.ofSeconds(1));
        memberships.add(second.id(), ana.id(), Role.MEMBER);
        memberships.add(first.id(), bo.id(), Role.MEMBER);

        assertThat(memberships.add(first.id(), ana.id(), Role.MEMBER)).isFalse();
        assertThat(memberships.forUser(ana.id()))
                .containsExactly(
                        new Membership(first.id(), "First", Plan.FREE, Role.OWNER),
                        new Membership(second.id(), "Second", Plan.TEAM, Role.MEMBER));
        assertThat(memberships.members(first.id()))
                .extracting(Member::email, Member::role)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("ana@example.com", Role.OWNER),
                        org.assertj.core.groups.Tuple.tuple("bo@example.com", Role.MEMBER));
        assertThat(memberships.owners(first.id())).isEqualTo(1);

        assertThat(memberships.changeRole(first.id(), bo.id(), Role.ADMIN)).isTrue();
        assertThat(memberships.find(first.id(), bo.id())).contains(Role.ADMIN);
        assertThat(memberships.remove(second.id(), bo.id())).isFalse();
        assertThat(memberships.remove(first.id(), bo.id())).isTrue();
        assertThat(memberships.find(first.id(), bo.id())).isEmpty();
    }

    @Test
    void anInvitationAdmitsOnePersonUntilItExpiresOrIsRevoked() {
        Workspace ws = workspaces.create("Acme", Plan.FREE);
        Workspace other = workspaces.create("Other", Plan.FREE);
        User owner = users.create("owner@example.com", "Owner", null);
        User first = users.create("first@example.com", "First", null);
        User second = users.create("second@example.com", "Second", null);

        IssuedInvitation issued = invitations.create(ws.id(), Role.MEMBER, owner.id(), Duration.ofDays(7));
        assertThat(issued.token()).startsWith(InvitationRepository.TOKEN_PREFIX);
        assertThat(invitations.findByToken(issued.token())).contains(issued.invitation());
        assertThat(invitations.open(ws.id())).containsExactly(issued.invitation());
        assertThat(invitations.findByToken("inv_not-a-token")).isEmpty();

        assertThat(invitations.accept(issued.invitation().id(), first.id())).isTrue();
        assertThat(invitations.accept(issued.invitation().id(), second.id())).isFalse();
        assertThat(invitations.open(ws.id())).isEmpty();

        IssuedInvitation expiring = invitations.create(ws.id(), Role.ADMIN, owner.id(), Duration.ofHours(1));
        clock.advance(Duration.ofHours(2));
        assertThat(invitations.accept(expiring.invitation().id(), second.id())).isFalse();

        IssuedInvitation revoked = invitations.create(ws.id(), Role.MEMBER, owner.id(), Duration.ofDays(1));
        assertThat(invitations.revoke(other.id(), revoked.invitation().id())).isFalse();
        assertThat(invitations.revoke(ws.id(), revoked.invitation().id())).isTrue();
        assertThat(invitations.accept(revoked.invitation().id(), second.id())).isFalse();
        assertThatThrownBy(() -> invitations.create(ws.id(), Role.OWNER, owner.id(), Duration.ofDays(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSetupLinkIsClaimedOnceAndAReissueReplacesTheUnclaimedLink() {
        Workspace ws = workspaces.create("Default workspace", Plan.TEAM);
        User ana = users.create("ana@example.com", "Ana", null);
        User eve = users.create("eve@example.com", "Eve", null);

        String first = setupLinks.issue(ws.id()).orElseThrow();
        String second = setupLinks.issue(ws.id()).orElseThrow();
        assertThat(setupLinks.unclaimedWorkspace(first)).isEmpty();
        assertThat(setupLinks.unclaimedWorkspace(second)).contains(ws.id());

        assertThat(setupLinks.claim(second, ana.id())).contains(ws.id());
        assertThat(setupLinks.claim(second, eve.id())).isEmpty();
        assertThat(setupLinks.issue(ws.id())).isEmpty();
        assertThat(setupLinks.unclaimedWorkspace("setup_bogus")).isEmpty();
    }
}
