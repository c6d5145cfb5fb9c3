package dev.spendline.query.signin;

import dev.spendline.controlplane.accounts.UserRepository;
import java.util.List;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;

/**
 * Password sign-in looks the account up by e-mail; the signed-in name is the user's id, so the
 * session stays the same person when they change their e-mail address. Accounts without a password
 * (created with a provider) cannot sign in with one.
 */
final class AccountUserDetails implements UserDetailsService {

    private final UserRepository users;

    AccountUserDetails(UserRepository users) {
        this.users = users;
    }

    @Override
    public UserDetails loadUserByUsername(String email) {
        dev.spendline.controlplane.accounts.User user =
                users.findByEmail(email).orElseThrow(() -> new UsernameNotFoundException("No such account"));
        String hash = users.passwordHash(user.id()).orElseThrow(() -> new UsernameNotFoundException("No password"));
        return User.withUsername(user.id())
                .password(hash)
                .authorities(List.of(new SimpleGrantedAuthority("ROLE_USER")))
                .build();
    }
}
