package dev.spendline.query.signin;

import dev.spendline.controlplane.accounts.Invitation;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Sign-in, sign-up (with a workspace of one's own, a setup link or an invitation), joining by an
 * invitation while signed in, and switching workspaces. Pages are plain forms; Spring Security
 * handles the password check ({@code POST /signin}) and sign-out ({@code POST /signout}).
 */
@Controller
final class SignInController {

    private final AccountService accounts;
    private final WorkspaceRepository workspaces;
    private final SignInAttempts attempts;
    private final SessionSignIn sessions;
    private final ObjectProvider<ClientRegistrationRepository> providers;

    SignInController(
            AccountService accounts,
            WorkspaceRepository workspaces,
            SignInAttempts attempts,
            SessionSignIn sessions,
            ObjectProvider<ClientRegistrationRepository> providers) {
        this.accounts = accounts;
        this.workspaces = workspaces;
        this.attempts = attempts;
        this.sessions = sessions;
        this.providers = providers;
    }

    @GetMapping("/")
    String root() {
        return "redirect:/app";
    }

    @GetMapping("/signin")
    String signIn(Model model) {
        model.addAttribute("providers", providers());
        return "signin/signin";
    }

    /**
     * Only reached by the forward of {@link SignInLimitFilter}: the sign-in page saying how long to
     * wait (429). Opened directly, it is the plain sign-in page.
     */
    @RequestMapping(SignInLimitFilter.LOCKED_PAGE)
    String tooManyAttempts(Model model, HttpServletRequest request, HttpServletResponse response) {
        if (!(request.getAttribute(SignInLimitFilter.RETRY_AFTER) instanceof Long seconds)) {
            return "redirect:/signin";
        }
        response.setStatus(HttpStatus.TOO_MANY_REQUESTS.value());
        response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(seconds));
        model.addAttribute("tooMany", true);
        model.addAttribute("waitMinutes", (seconds + 59) / 60);
        return signIn(model);
    }

    @GetMapping("/signup")
    String signUpPage(Model model) {
        model.addAttribute("form", new SignUpForm("", "", ""));
        model.addAttribute("action", "/signup");
        model.addAttribute("providers", providers());
        return "signin/signup";
    }

    @PostMapping("/signup")
    String signUp(SignUpForm form, Model model, HttpServletRequest request, HttpServletResponse response) {
        model.addAttribute("action", "/signup");
        model.addAttribute("providers", providers());
        return create(form, new AccountService.Joining.OwnWorkspace(), "signin/signup", model, request, response);
    }

    @GetMapping("/setup/{token}")
    String setupPage(@PathVariable String token, Model model, HttpServletResponse response) {
        Optional<Workspace> workspace = accounts.setupWorkspace(token);
        if (workspace.isEmpty()) {
            return usedLink(model, response, "This setup link has already been used or replaced.");
        }
        model.addAttribute("form", new SignUpForm("", "", ""));
        model.addAttribute("setupWorkspace", workspace.get().name());
        model.addAttribute("action", "/setup/" + token);
        return "signin/signup";
    }

    @PostMapping("/setup/{token}")
    String setup(
            @PathVariable String token,
            SignUpForm form,
            Model model,
            HttpServletRequest request,
            HttpServletResponse response) {
        Optional<Workspace> workspace = accounts.setupWorkspace(token);
        if (workspace.isEmpty()) {
            return usedLink(model, response, "This setup link has already been used or replaced.");
        }
        model.addAttribute("setupWorkspace", workspace.get().name());
        model.addAttribute("action", "/setup/" + token);
        return create(form, new AccountService.Joining.SetupLink(token), "signin/signup", model, request, response);
    }

    @GetMapping("/invite/{token}")
    String invitationPage(@PathVariable String token, Model model, HttpServletResponse response) {
        Optional<Invitation> invitation = accounts.openInvitation(token);
        if (invitation.isEmpty()) {
            return usedLink(model, response, "This invitation link has expired, was revoked or was already used.");
        }
        describe(invitation.get(), token, model);
        model.addAttribute("form", new SignUpForm("", "", ""));
        return "signin/signup";
    }

    @PostMapping("/invite/{token}")
    String signUpInvited(
            @PathVariable String token,
            SignUpForm form,
            Model model,
            HttpServletRequest request,
            HttpServletResponse response) {
        Optional<Invitation> invitation = accounts.openInvitation(token);
        if (invitation.isEmpty()) {
            return usedLink(model, response, "This invitation link has expired, was revoked or was already used.");
        }
        describe(invitation.get(), token, model);
        String view =
                create(form, new AccountService.Joining.Invited(token), "signin/signup", model, request, response);
        SessionSignIn.select(request, invitation.get().workspaceId());
        return view;
    }

    /** A signed-in user opening an invitation: one button to join. */
    @GetMapping("/invite/{token}/accept")
    String acceptPage(@PathVariable String token, Model model, HttpServletResponse response) {
        Optional<Invitation> invitation = accounts.openInvitation(token);
        if (invitation.isEmpty()) {
            return usedLink(model, response, "This invitation link has expired, was revoked or was already used.");
        }
        describe(invitation.get(), token, model);
        return "signin/accept";
    }

    @PostMapping("/invite/{token}/accept")
    String accept(@PathVariable String token, Model model, HttpServletRequest request, HttpServletResponse response) {
        WorkspaceAuthentication viewer = WorkspaceAuthentication.current();
        try {
            String workspaceId = accounts.acceptInvitation(token, viewer.userId());
            SessionSignIn.select(request, workspaceId);
            return "redirect:/app";
        } catch (SignUpRefusedException refused) {
            return usedLink(model, response, refused.getMessage());
        }
    }

    @PostMapping("/app/workspaces/switch")
    String switchWorkspace(@RequestParam String workspaceId, HttpServletRequest request) {
        WorkspaceAuthentication viewer = WorkspaceAuthentication.current();
        // Only one of the user's own workspaces can be chosen; another id is ignored, not an error page
        // that would tell whether it exists.
        boolean mine = viewer.workspaces().stream().anyMatch(w -> w.id().equals(workspaceId));
        if (mine) {
            SessionSignIn.select(request, workspaceId);
        }
        return "redirect:/app";
    }

    private String create(
            SignUpForm form,
            AccountService.Joining joining,
            String view,
            Model model,
            HttpServletRequest request,
            HttpServletResponse response) {
        model.addAttribute("form", new SignUpForm(form.email(), form.name(), ""));
        List<String> problems = new ArrayList<>(form.problems());
        Duration wait = problems.isEmpty() ? attempts.signUpLockedFor(request.getRemoteAddr()) : Duration.ZERO;
        if (!wait.isZero()) {
            problems.add("Too many sign-ups from your network. Try again later.");
            response.setStatus(HttpStatus.TOO_MANY_REQUESTS.value());
            response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(SignInAttempts.retryAfterSeconds(wait)));
        } else if (!problems.isEmpty()) {
            response.setStatus(HttpStatus.BAD_REQUEST.value());
        }
        if (!problems.isEmpty()) {
            model.addAttribute("problems", problems);
            return view;
        }
        try {
            User user = accounts.signUp(form.email(), form.displayName(), form.password(), joining);
            sessions.signIn(user.id(), request, response);
            return "redirect:/app";
        } catch (SignUpRefusedException refused) {
            response.setStatus(HttpStatus.CONFLICT.value());
            model.addAttribute("problems", List.of(refused.getMessage()));
            return view;
        }
    }

    private void describe(Invitation invitation, String token, Model model) {
        model.addAttribute(
                "inviteWorkspace",
                workspaces
                        .findById(invitation.workspaceId())
                        .map(Workspace::name)
                        .orElse("a workspace"));
        model.addAttribute("inviteRole", invitation.role().label());
        model.addAttribute("inviteToken", token);
        model.addAttribute("action", "/invite/" + token);
    }

    private static String usedLink(Model model, HttpServletResponse response, String message) {
        response.setStatus(HttpStatus.GONE.value());
        model.addAttribute("message", message);
        return "signin/link-used";
    }

    /** The configured OpenID Connect providers, for "Sign in with …" buttons. */
    private List<ClientRegistration> providers() {
        ClientRegistrationRepository repository = providers.getIfAvailable();
        List<ClientRegistration> list = new ArrayList<>();
        if (repository instanceof Iterable<?> registrations) {
            for (Object registration : registrations) {
                list.add((ClientRegistration) registration);
            }
        }
        return list;
    }
}
