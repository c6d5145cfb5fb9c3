package dev.spendline.kafka.embedded;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/** Creates topics that do not exist yet; existing topics are left as they are. */
public final class TopicSetup {

    private TopicSetup() {}

    /**
     * @param configs topic-level configs applied to every created topic (e.g. retention.ms)
     */
    public static void ensureTopics(
            String bootstrapServers, Collection<String> names, int partitions, Map<String, String> configs) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            var missing = names.stream()
                    .filter(name -> !existing.contains(name))
                    .map(name -> new NewTopic(name, partitions, (short) 1).configs(configs))
                    .toList();
            if (missing.isEmpty()) {
                return;
            }
            try {
                admin.createTopics(missing).all().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                // Another process created it between the listing and the creation: that is fine.
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Cannot create topics " + names, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while creating topics", e);
        }
    }
}
