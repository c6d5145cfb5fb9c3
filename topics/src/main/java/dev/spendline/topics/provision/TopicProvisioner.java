package dev.spendline.topics.provision;

import dev.spendline.topics.Topic;
import dev.spendline.topics.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes sure Spendline's topics exist on a Kafka cluster before anything reads or writes them:
 * creates the missing ones ({@link #createMissing}) or, where the cluster's topics are managed
 * ahead of time, only checks ({@link #verify}). Every service runs it at start-up, often several
 * instances at once, so creation tolerates another instance winning the race.
 *
 * <p>All Spendline topics must have one partition count: Kafka Streams joins the events with the
 * settings partition by partition, and a workspace's records of every topic go to the same
 * partition number ({@link Topics#partitionOf}). Topics that exist keep their count (partitions
 * cannot be removed, and adding some would move workspaces); missing ones get the same, and a
 * cluster whose topics disagree stops the start-up.
 *
 * <p>Takes the {@link Admin} of any cluster; the caller closes it.
 */
public final class TopicProvisioner {

    /** Where operators read how to create the topics themselves. */
    public static final String DOCS = "docs/operations.md#topics";

    private static final Logger log = LoggerFactory.getLogger(TopicProvisioner.class);

    private final Admin admin;
    private final Duration timeout;

    /** @param timeout how long each call to the cluster may take */
    public TopicProvisioner(Admin admin, Duration timeout) {
        this.admin = admin;
        this.timeout = timeout;
    }

    /** Every Spendline topic, in the order they are listed in {@link Topics}. */
    public static List<String> names() {
        return Stream.of(Topics.INPUTS, Topics.SETTINGS, Topics.OUTPUTS)
                .flatMap(List::stream)
                .map(Topic::name)
                .toList();
    }

    /**
     * Each Spendline topic as it is created: time-based retention for the input and output
     * topics (the dead letters kept as long as the events), compaction (latest value per key) for the settings topics, and the layout's
     * replication and {@code min.insync.replicas} for all.
     */
    public static List<NewTopic> newTopics(TopicSettings settings, TopicLayout layout) {
        List<NewTopic> topics = new ArrayList<>();
        for (Topic<String, ?> topic : Topics.INPUTS) {
            topics.add(newTopic(topic, layout, TopicConfig.RETENTION_MS_CONFIG, millis(settings.eventsRetention())));
        }
        for (Topic<String, ?> topic : Topics.SETTINGS) {
            topics.add(newTopic(topic, layout, TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
        }
        for (Topic<String, ?> topic : Topics.OUTPUTS) {
            // Dead letters wait for an operator's fix and re-drive: kept as long as the events they
            // came from, so a re-driven event is still within the dedupe horizon.
            Duration retention = topic == Topics.DEAD_LETTERS ? settings.eventsRetention() : settings.alertsRetention();
            topics.add(newTopic(topic, layout, TopicConfig.RETENTION_MS_CONFIG, millis(retention)));
        }
        return topics;
    }

    private static String millis(Duration duration) {
        return String.valueOf(duration.toMillis());
    }

    private static NewTopic newTopic(Topic<String, ?> topic, TopicLayout layout, String key, String value) {
        return new NewTopic(topic.name(), layout.partitions(), layout.replicationFactor())
                .configs(Map.of(
                        key,
                        value,
                        TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                        String.valueOf(layout.minInsyncReplicas())));
    }

    /**
     * Creates the Spendline topics that do not exist yet and checks that all of them share one
     * partition count.
     *
     * @return the layout of the topics, for Kafka Streams' internal topics
     * @throws IllegalStateException if the cluster cannot be reached in time, refuses a topic, or
     *     the topics' partition counts differ
     */
    public TopicLayout createMissing(TopicSettings settings) {
        int brokers = brokers();
        Map<String, Integer> existing = partitionCounts(names());
        int partitions = sharedPartitionCount(existing, settings.partitions());
        TopicLayout layout = TopicLayout.forCluster(brokers, partitions, settings.replicationFactor());
        List<NewTopic> missing = newTopics(settings, layout).stream()
                .filter(topic -> !existing.containsKey(topic.name()))
                .toList();
        if (missing.isEmpty()) {
            log.info("Kafka topics: all {} Spendline topics exist, {} partitions each", existing.size(), partitions);
            return layout;
        }
        List<String> created = createMissing(admin, missing, timeout);
        if (!created.isEmpty()) {
            log.info(
                    "Created Kafka topics {} with {} partitions, replication factor {}, min.insync.replicas {}"
                            + " ({} broker(s))",
                    created,
                    partitions,
                    layout.replicationFactor(),
                    layout.minInsyncReplicas(),
                    brokers);
        }
        // Another instance may have created some of them at the same moment, with its own count.
        int actual = sharedPartitionCount(awaitVisible(names()), partitions);
        return actual == partitions ? layout : TopicLayout.forCluster(brokers, actual, settings.replicationFactor());
    }

    /**
     * The partition counts of {@code names} once every one of them is visible: a broker learns of
     * a new topic from the controller a moment after the creation is acknowledged, and a listing in
     * between (by this service or the next one to start) would miss it.
     */
    private Map<String, Integer> awaitVisible(List<String> names) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Map<String, Integer> counts = visiblePartitionCounts(names);
            if (counts.keySet().containsAll(names)) {
                return counts;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Kafka topics created but not visible within " + timeout + ": "
                        + names.stream().filter(n -> !counts.containsKey(n)).toList());
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for the Kafka topics", e);
            }
        }
    }

    /**
     * {@link #partitionCounts}, where a topic that one broker lists and another cannot describe yet
     * (it has not learnt of it from the controller) counts as not visible yet rather than failing:
     * on a 3-broker cluster the listing and the description may be answered by different brokers.
     */
    private Map<String, Integer> visiblePartitionCounts(List<String> names) {
        try {
            return partitionCounts(names);
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return Map.of();
            }
            throw e;
        }
    }

    /**
     * Checks, without creating anything, that every Spendline topic exists and that they share one
     * partition count: for clusters where topics are created ahead of time.
     *
     * @return the layout of the topics, for Kafka Streams' internal topics
     * @throws IllegalStateException naming the missing topics, or the differing partition counts
     */
    public TopicLayout verify(TopicSettings settings) {
        int brokers = brokers();
        Map<String, Integer> existing = partitionCounts(names());
        List<String> missing =
                names().stream().filter(name -> !existing.containsKey(name)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalStateException("Kafka topics missing: " + String.join(", ", missing)
                    + ". spendline.kafka.create-topics is false, so Spendline does not create them: create them"
                    + " ahead of time (" + DOCS + ") or set spendline.kafka.create-topics=true");
        }
        int partitions = sharedPartitionCount(existing, settings.partitions());
        log.info("Kafka topics: all {} Spendline topics exist, {} partitions each", existing.size(), partitions);
        return TopicLayout.forCluster(brokers, partitions, settings.replicationFactor());
    }

    /**
     * Creates the topics among {@code topics} that do not exist yet; a topic another process
     * creates between the listing and the creation counts as existing. Existing topics are left as
     * they are.
     *
     * @return the names of the topics this call created
     */
    public static List<String> createMissing(Admin admin, Collection<NewTopic> topics, Duration timeout) {
        try {
            Set<String> existing = admin.listTopics().names().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            List<NewTopic> missing = topics.stream()
                    .filter(topic -> !existing.contains(topic.name()))
                    .toList();
            if (missing.isEmpty()) {
                return List.of();
            }
            Map<String, KafkaFuture<Void>> results = admin.createTopics(missing).values();
            List<String> created = new ArrayList<>();
            for (Map.Entry<String, KafkaFuture<Void>> result : results.entrySet()) {
                try {
                    result.getValue().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                    created.add(result.getKey());
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException(
                                "Cannot create Kafka topic " + result.getKey() + ": "
                                        + e.getCause().getMessage(),
                                e.getCause());
                    }
                }
            }
            return created.stream().sorted().toList();
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "Cannot list the Kafka topics: " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("Kafka did not answer within " + timeout + " while creating topics", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while creating Kafka topics", e);
        }
    }

    /** The number of brokers in the cluster (the bound on the replication factor). */
    private int brokers() {
        return await(admin.describeCluster().nodes(), "read the Kafka cluster's brokers")
                .size();
    }

    /** The partition count of each of {@code names} that exists, by name. */
    private Map<String, Integer> partitionCounts(List<String> names) {
        Set<String> existing = await(admin.listTopics().names(), "list the Kafka topics");
        List<String> present = names.stream().filter(existing::contains).toList();
        if (present.isEmpty()) {
            return Map.of();
        }
        Map<String, TopicDescription> descriptions =
                await(admin.describeTopics(present).allTopicNames(), "describe the Spendline topics");
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String name : present) {
            counts.put(name, descriptions.get(name).partitions().size());
        }
        return counts;
    }

    /**
     * The one partition count of the existing topics, or {@code configured} when none exists.
     *
     * @throws IllegalStateException if the existing topics differ
     */
    static int sharedPartitionCount(Map<String, Integer> existing, int configured) {
        Set<Integer> counts = Set.copyOf(existing.values());
        if (counts.isEmpty()) {
            return configured;
        }
        if (counts.size() > 1) {
            Map<Integer, List<String>> byCount = existing.entrySet().stream()
                    .collect(Collectors.groupingBy(
                            Map.Entry::getValue,
                            TreeMap::new,
                            Collectors.mapping(Map.Entry::getKey, Collectors.toList())));
            throw new IllegalStateException("Spendline's Kafka topics have different partition counts "
                    + describe(byCount) + ": they must all have the same, because Kafka Streams processes a"
                    + " workspace's records of every topic in one task. Recreate them with one count (" + DOCS + ")");
        }
        int count = counts.iterator().next();
        if (count != configured) {
            log.warn(
                    "Spendline's Kafka topics have {} partitions; spendline.kafka.partitions={} applies only to"
                            + " topics created from scratch, so missing topics get {} too",
                    count,
                    configured,
                    count);
        }
        return count;
    }

    private static String describe(Map<Integer, List<String>> byCount) {
        return byCount.entrySet().stream()
                .map(e -> e.getKey() + " partitions: " + String.join(", ", e.getValue()))
                .collect(Collectors.joining("; ", "(", ")"));
    }

    private <T> T await(KafkaFuture<T> future, String what) {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "Cannot " + what + ": " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "Cannot " + what + ": Kafka did not answer within " + timeout + " (is the cluster reachable?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while trying to " + what, e);
        }
    }
}
