package dev.spendline.query.action;

import dev.spendline.controlplane.PreparedActionRepository;
import dev.spendline.controlplane.PreparedActions;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The write-action endpoints with their built-in kinds ({@code create_budget},
 * {@code snooze_alert}, {@code create_experiment_guardrail}); needs the budget and alert configurations and the control plane.
 */
@Configuration(proxyBeanMethods = false)
@Import({
    WriteActionRegistry.class,
    ActionService.class,
    ActionController.class,
    ActionErrorHandler.class,
    CreateBudgetAction.class,
    SnoozeAlertAction.class,
    CreateGuardrailAction.class
})
public class ActionConfiguration {

    /**
     * Name of the clock that decides when confirmation tokens expire. Tests register their own
     * {@link Clock} under this name before the context refreshes (e.g. from an
     * ApplicationContextInitializer) to move time; otherwise it is the system clock.
     */
    public static final String CLOCK_BEAN = "actionsClock";

    /** How long a confirmation that lost the race waits for the winner's result. */
    static final Duration RESULT_WAIT = Duration.ofSeconds(5);

    @Bean(CLOCK_BEAN)
    @ConditionalOnMissingBean(name = CLOCK_BEAN)
    Clock actionsClock() {
        return Clock.systemUTC();
    }

    @Bean
    PreparedActions preparedActions(PreparedActionRepository repository, @Qualifier(CLOCK_BEAN) Clock clock) {
        return new PreparedActions(repository, clock, RESULT_WAIT);
    }
}
