package dev.spendline.query.ask;

import dev.spendline.ask.Asker;
import dev.spendline.ask.WorkspacePlan;
import dev.spendline.contracts.query.Queries;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.PublicAddress;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** {@code POST /api/v1/ask} and the asker over the read tools ({@link Queries}). */
@Configuration(proxyBeanMethods = false)
@Import({AskController.class, AskPageController.class})
@EnableConfigurationProperties(PublicAddress.class)
public class AskConfiguration {

    @Bean
    VocabularyCache askVocabularyCache(Queries queries, Clock clock) {
        return new VocabularyCache(queries, clock);
    }

    @Bean
    Asker asker(Queries queries, VocabularyCache askVocabularyCache, Clock clock) {
        return new Asker(queries, askVocabularyCache, clock);
    }

    /** The caller's plan as Ask knows plans (by name); null when the principal carries none. */
    static WorkspacePlan plan(Principal principal) {
        return principal.plan() == null
                ? null
                : WorkspacePlan.named(principal.plan().name());
    }
}
