package dev.spendline.query.signin;

import com.zaxxer.hikari.HikariDataSource;
import dev.spendline.controlplane.ControlPlaneConfiguration;
import dev.spendline.query.dashboard.DashboardFrame;
import dev.spendline.query.dashboard.DashboardSlice;
import dev.spendline.query.security.InternalPortSecurity;
import dev.spendline.query.security.SecurityConfiguration;
import java.time.Instant;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The real session chain and sign-in pages on a real server, over the control plane at
 * {@code spendline.test.control-plane-url} (a private H2 database when unset), with a clock the
 * tests move. Two of these on one PostgreSQL are two instances of a deployment.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import({
    ControlPlaneConfiguration.class,
    SecurityConfiguration.class,
    InternalPortSecurity.class,
    SessionSecurity.class,
    DashboardFrame.class,
    SessionChainTest.AppPage.class
})
class LockoutApplication {

    static final Instant START = Instant.parse("2026-03-02T09:00:00Z");

    @Bean(destroyMethod = "close")
    DataSource controlPlane(
            @Value("${spendline.test.control-plane-url:}") String url,
            @Value("${spendline.test.control-plane-user:sa}") String user) {
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(
                url.isEmpty()
                        ? "jdbc:h2:mem:lockout_" + UUID.randomUUID().toString().replace("-", "")
                        : url);
        dataSource.setUsername(user);
        dataSource.setMaximumPoolSize(4);
        dataSource.setMinimumIdle(1);
        return dataSource;
    }

    @Bean
    DashboardSlice.MovableClock clock() {
        return new DashboardSlice.MovableClock(START);
    }
}
