package dev.spendline.query.oauth;

import dev.spendline.controlplane.accounts.Membership;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.oauth.FirstPartyClients;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The authorization server's two pages, in the dashboard's look: the consent page, which names the
 * client and where it sends the answer, and lets the signed-in user allow it for one of their
 * workspaces, picked by name; and the device page, where the user types the code a device shows.
 */
@Controller
final class ConsentPage {

    private static final OAuth2TokenType STATE = new OAuth2TokenType(OAuth2ParameterNames.STATE);

    /** One workspace to choose, by id and name. */
    record WorkspaceOption(String id, String name, String role) {}

    private final RegisteredClientRepository clients;
    private final OAuth2AuthorizationService authorizations;
    private final MembershipRepository memberships;
    private final UserRepository users;

    ConsentPage(
            RegisteredClientRepository clients,
            OAuth2AuthorizationService authorizations,
            MembershipRepository memberships,
            UserRepository users) {
        this.clients = clients;
        this.authorizations = authorizations;
        this.memberships = memberships;
        this.users = users;
    }

    @GetMapping(AuthorizationServerSecurity.CONSENT_PAGE)
    String consent(
            Authentication user,
            @RequestParam(OAuth2ParameterNames.CLIENT_ID) String clientId,
            @RequestParam(OAuth2ParameterNames.STATE) String state,
            @RequestParam(name = OAuth2ParameterNames.SCOPE, defaultValue = "") String scope,
            @RequestParam(name = OAuth2ParameterNames.USER_CODE, required = false) String userCode,
            Model model) {
        RegisteredClient client = clients.findByClientId(clientId);
        OAuth2Authorization pending = authorizations.findByToken(state, STATE);
        if (client == null || pending == null || !pending.getPrincipalName().equals(user.getName())) {
            model.addAttribute("heading", "This request has expired");
            model.addAttribute("message", "Start again from the application that asked for access.");
            return "oauth/ended";
        }
        List<WorkspaceOption> workspaces = new ArrayList<>();
        for (Membership membership : memberships.forUser(user.getName())) {
            workspaces.add(new WorkspaceOption(
                    membership.workspaceId(),
                    membership.workspaceName(),
                    membership.role().label()));
        }
        OAuth2AuthorizationRequest request = pending.getAttribute(OAuth2AuthorizationRequest.class.getName());
        model.addAttribute("clientName", client.getClientName());
        // The collector sends usage rather than reading reports: its page says so, and as whom.
        model.addAttribute("collector", FirstPartyClients.COLLECTOR_CLIENT_ID.equals(client.getClientId()));
        model.addAttribute(
                "email", users.findById(user.getName()).map(User::email).orElse(null));
        model.addAttribute("clientId", clientId);
        model.addAttribute("redirectHost", request == null ? null : RedirectUris.displayHost(request.getRedirectUri()));
        model.addAttribute("state", state);
        model.addAttribute("scopes", scope.isBlank() ? List.of() : Arrays.asList(scope.split(" ")));
        model.addAttribute("userCode", userCode);
        model.addAttribute(
                "action",
                userCode == null
                        ? AuthorizationServerSecurity.AUTHORIZATION_ENDPOINT
                        : AuthorizationServerSecurity.DEVICE_VERIFICATION_ENDPOINT);
        model.addAttribute("workspaces", workspaces);
        return "oauth/consent";
    }

    /** Where a device's user goes ({@code verification_uri}): type the code, then the consent page. */
    @GetMapping(AuthorizationServerSecurity.ACTIVATE_PAGE)
    String activate(
            @RequestParam(name = OAuth2ParameterNames.USER_CODE, required = false) String userCode,
            @RequestParam(required = false) String success,
            @RequestParam(required = false) String error,
            Model model) {
        model.addAttribute("userCode", userCode);
        model.addAttribute("success", success != null);
        model.addAttribute("error", error != null);
        model.addAttribute("action", AuthorizationServerSecurity.DEVICE_VERIFICATION_ENDPOINT);
        return "oauth/activate";
    }
}
