package dev.spendline.query.security;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;

/**
 * The port the management server (the internal port) actually listens on, learnt when it starts,
 * so the security chains can tell internal requests from public ones by the port they arrived on
 * (Spring Boot applies the application's security filter to the management server too).
 */
public final class InternalPort implements ApplicationListener<WebServerInitializedEvent> {

    /** Spring Boot's name for the management server's context. */
    static final String MANAGEMENT_NAMESPACE = "management";

    private volatile int port = -1;

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        if (MANAGEMENT_NAMESPACE.equals(event.getApplicationContext().getServerNamespace())) {
            port = event.getWebServer().getPort();
        }
    }

    /** True when the request came in on the internal port. */
    public boolean matches(HttpServletRequest request) {
        int p = port;
        return p > 0 && request.getLocalPort() == p;
    }

    /** For tests that run without a management server. */
    void use(int port) {
        this.port = port;
    }

    public int port() {
        return port;
    }
}
