package dev.spendline.query.revenue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.validation.FieldError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A revenue row's tenant id follows the events' identity rule, so it can always meet its events. */
class RevenueTenantIdTest {

    private static List<FieldError> problems(String tenantId) {
        List<FieldError> errors = new ArrayList<>();
        RevenueRules.checkTenant(tenantId, "/tenantId", errors);
        return errors;
    }

    @Test
    void refusesWhatEventsRefuseForTenantId() {
        assertThat(problems("acme")).isEmpty();
        assertThat(problems("acme\u001b"))
                .extracting(FieldError::message)
                .containsExactly("must not contain control characters");
        assertThat(problems("acme\u202e"))
                .extracting(FieldError::message)
                .singleElement()
                .asString()
                .contains("bidirectional");
        assertThat(problems("acme\ud800"))
                .extracting(FieldError::message)
                .singleElement()
                .asString()
                .contains("unpaired surrogate");
    }
}
