package dev.spendline.query.dashboard.overview;

import dev.spendline.contracts.query.Queries;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The overview page and its reader. */
@Configuration(proxyBeanMethods = false)
@Import(OverviewController.class)
public class OverviewConfiguration {

    @Bean
    OverviewReader overviewReader(Queries queries, Clock clock) {
        return new OverviewReader(queries, clock);
    }
}
