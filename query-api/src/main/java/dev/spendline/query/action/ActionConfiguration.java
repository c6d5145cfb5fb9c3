package dev.spendline.query.action;

import dev.spendline.controlplane.actions.PreparedActionRepository;
import dev.spendline.controlplane.actions.PreparedActions;
import java.time.Clock;
import java.time.Duration;
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
    CreateBudgetAction.class,
    SnoozeAlertAction.class,
    CreateGuardrailAction.class
})
public class ActionConfiguration {

    /** How long a confirmation that lost the race waits for the winner's result. */
    static final Duration RESULT_WAIT = Duration.ofSeconds(5);

    @Bean
    PreparedActions preparedActions(PreparedActionRepository repository, Clock clock) {
        return new PreparedActions(repository, clock, RESULT_WAIT);
    }
}
