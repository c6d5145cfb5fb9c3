package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.TopologyDescription.Node;
import org.apache.kafka.streams.TopologyDescription.Processor;
import org.apache.kafka.streams.TopologyDescription.Sink;
import org.apache.kafka.streams.TopologyDescription.Subtopology;
import org.junit.jupiter.api.Test;

/**
 * Pins the topology's shape: which processors, in which sub-topology, reading which stores, in
 * which order. Store and processor names name changelog topics and tasks, so a change here is a
 * change of the deployed state and must be deliberate.
 *
 * <p>To accept a new shape: {@code ./mvnw test -pl streams-app -Dtest=TopologyShapeTest
 * -Dtopology.update=true}, then review the diff of {@code topology.txt} like code.
 */
class TopologyShapeTest {

    private static final Path PINNED = Path.of("src/test/resources/topology.txt");

    private final TopologyDescription description = SpendlineTopology.build(
                    new StreamsBuilder(), new TopologySettings(Duration.ofDays(35)))
            .describe();

    @Test
    void theDescriptionIsThePinnedOne() throws IOException {
        String actual = description.toString();
        if (Boolean.getBoolean("topology.update")) {
            Files.writeString(PINNED, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual)
                .as("the topology changed shape; if that is intended, regenerate %s (see the class comment)", PINNED)
                .isEqualTo(Files.readString(PINNED, StandardCharsets.UTF_8));
    }

    /** One task per partition holds all of a workspace's product-side state, so queries find it together. */
    @Test
    void productEventsRevenueBudgetsAndExperimentsShareOneSubTopology() {
        Map<Integer, Set<String>> stores = storesBySubTopology();
        assertThat(stores).hasSize(2);
        assertThat(stores.values())
                .anySatisfy(s -> assertThat(s)
                        .containsExactlyInAnyOrder(
                                StoreNames.DEDUPE_EVENTS,
                                StoreNames.PRODUCT_ROLLUPS,
                                StoreNames.PRODUCT_COMBINATIONS,
                                StoreNames.QUOTA_USAGE,
                                StoreNames.WASTE_ROLLUPS,
                                StoreNames.SUCCEEDED_RUN_STEPS,
                                StoreNames.SUCCEEDED_STEPS,
                                StoreNames.RUN_STATES,
                                StoreNames.WORKFLOW_DAYS,
                                StoreNames.REVENUE,
                                StoreNames.BUDGETS,
                                StoreNames.BUDGET_SPEND,
                                StoreNames.ALERTS,
                                StoreNames.ALERT_SNOOZES,
                                StoreNames.EXPERIMENT_STATS,
                                StoreNames.GUARDRAILS,
                                StoreNames.GUARDRAIL_DECISIONS,
                                StoreNames.DEAD_LETTER_COUNTS))
                .anySatisfy(s ->
                        assertThat(s).containsExactlyInAnyOrder(StoreNames.DEDUPE_USAGE, StoreNames.INTERNAL_ROLLUPS));
    }

    /** Budgets must judge spend that includes the event: they hang below the rollups, not beside them. */
    @Test
    void budgetAlertsSeeEachEventAfterTheRollupsCountedIt() {
        assertThat(names(node(StoreNames.BUDGET_ALERTS).predecessors()))
                .containsExactlyInAnyOrder(
                        StoreNames.EVENTS_ROLLUP, StoreNames.BUDGETS_SOURCE, StoreNames.SNOOZES_SOURCE);
        assertThat(names(node(StoreNames.EXPERIMENTS).predecessors()))
                .containsExactlyInAnyOrder(StoreNames.EVENTS_DEDUPE, StoreNames.GUARDRAILS_SOURCE);
    }

    /** Nothing touches a store before the door has checked the record (DoorCheck). */
    @Test
    void eachInputIsCheckedAtTheDoorBeforeAnyStore() {
        assertThat(names(node(StoreNames.EVENTS_SOURCE).successors())).containsExactly(StoreNames.EVENTS_DOOR);
        assertThat(names(node(StoreNames.EVENTS_DOOR).successors())).containsExactly(StoreNames.EVENTS_DEDUPE);
        assertThat(((Processor) node(StoreNames.EVENTS_DOOR)).stores()).isEmpty();
        assertThat(names(node(StoreNames.USAGE_SOURCE).successors())).containsExactly(StoreNames.USAGE_DOOR);
        assertThat(names(node(StoreNames.USAGE_DOOR).successors())).containsExactly(StoreNames.USAGE_DEDUPE);
        assertThat(((Processor) node(StoreNames.USAGE_DOOR)).stores()).isEmpty();
    }

    @Test
    void onlyAlertsLeaveTheTopology() {
        Set<Sink> sinks = description.subtopologies().stream()
                .flatMap(s -> s.nodes().stream())
                .filter(Sink.class::isInstance)
                .map(Sink.class::cast)
                .collect(Collectors.toSet());
        assertThat(sinks).singleElement().satisfies(sink -> {
            assertThat(sink.topic()).isEqualTo("spendline.alerts.v1");
            assertThat(names(sink.predecessors()))
                    .containsExactlyInAnyOrder(StoreNames.BUDGET_ALERTS, StoreNames.EXPERIMENTS);
        });
    }

    private Map<Integer, Set<String>> storesBySubTopology() {
        Map<Integer, Set<String>> result = new TreeMap<>();
        for (Subtopology sub : description.subtopologies()) {
            result.put(
                    sub.id(),
                    sub.nodes().stream()
                            .filter(Processor.class::isInstance)
                            .flatMap(n -> ((Processor) n).stores().stream())
                            .collect(Collectors.toSet()));
        }
        return result;
    }

    private Node node(String name) {
        return description.subtopologies().stream()
                .flatMap(s -> s.nodes().stream())
                .filter(n -> n.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no node " + name));
    }

    private static Set<String> names(Set<Node> nodes) {
        return nodes.stream().map(Node::name).collect(Collectors.toSet());
    }
}
