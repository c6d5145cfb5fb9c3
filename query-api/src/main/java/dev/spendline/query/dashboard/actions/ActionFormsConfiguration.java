package dev.spendline.query.dashboard.actions;

import dev.spendline.query.action.ActionService;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Prepare and confirm from dashboard forms; needs the write actions ({@code ActionConfiguration}). */
@Configuration(proxyBeanMethods = false)
public class ActionFormsConfiguration {

    @Bean
    ActionForms actionForms(ActionService actions) {
        return new ActionForms(actions);
    }
}
