package dev.spendline.query.action;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.budget.BudgetDraft;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.controlplane.Principal;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class WriteActionRegistryTest {

    private static WriteAction named(String name) {
        return new WriteAction() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public PreparedPlan prepare(Principal principal, ObjectNode fields) {
                throw new UnsupportedOperationException();
            }

            @Override
            public JsonNode execute(Principal principal, JsonNode arguments) {
                throw new UnsupportedOperationException();
            }
        };
    }

    @Test
    void findsActionsByNameAndListsThemSorted() {
        WriteAction snooze = named("snooze_alert");
        WriteActionRegistry registry = new WriteActionRegistry(List.of(snooze, named("create_budget")));

        assertThat(registry.names()).containsExactly("create_budget", "snooze_alert");
        assertThat(registry.find("snooze_alert")).containsSame(snooze);
        assertThat(registry.find("delete_everything")).isEmpty();
    }

    @Test
    void refusesTwoActionsWithOneNameAndNamesThatAreNotLowercaseWords() {
        assertThatThrownBy(() -> new WriteActionRegistry(List.of(named("create_budget"), named("create_budget"))))
                .hasMessageContaining("Two write actions named create_budget");
        assertThatThrownBy(() -> new WriteActionRegistry(List.of(named("Create Budget"))))
                .hasMessageContaining("lowercase");
    }

    @Test
    void budgetSummariesSayPeriodNameAmountAndScopeInWords() {
        assertThat(CreateBudgetAction.summary(new BudgetDraft(
                        "Support bot",
                        BudgetScope.FEATURE,
                        "support-bot",
                        BudgetPeriod.MONTHLY,
                        new BigDecimal("500"))))
                .isEqualTo("Create a MONTHLY budget 'Support bot' of $500.00 on feature support-bot");
        assertThat(CreateBudgetAction.summary(new BudgetDraft(
                        "All", BudgetScope.WORKSPACE, null, BudgetPeriod.DAILY, new BigDecimal("0.125"))))
                .isEqualTo("Create a DAILY budget 'All' of $0.125 on the whole workspace");
        assertThat(CreateBudgetAction.dollars(new BigDecimal("1E+3"))).isEqualTo("$1000.00");
    }
}
