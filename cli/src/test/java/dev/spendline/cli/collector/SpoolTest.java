package dev.spendline.cli.collector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.cli.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

class SpoolTest {

    @TempDir
    Path dir;

    static ObjectNode row(String externalId) {
        ObjectNode row = Json.object();
        row.put("externalId", externalId);
        row.put("inputTokens", 1);
        return row;
    }

    @Test
    void whenFullTheOldestRowsAreDroppedAndCounted() throws Exception {
        Spool spool = new Spool(dir, 3);
        assertThat(spool.append(List.of(row("a"), row("b")))).isZero();
        assertThat(spool.append(List.of(row("c")))).isZero();
        assertThat(spool.append(List.of(row("d")))).isEqualTo(2); // the whole oldest file (a, b) goes
        assertThat(spool.rows()).isEqualTo(2);
        assertThat(spool.dropped()).isEqualTo(2);
        assertThat(ids(spool)).containsExactly("c", "d");
    }

    @Test
    void rowsSurviveARestartWithTheirExternalIdsInOrder() throws Exception {
        Spool first = new Spool(dir, 100);
        first.append(List.of(row("a"), row("b")));
        first.append(List.of(row("c")));
        // Delivered a, not b: b is rewritten, a never comes back.
        first.settle(first.oldest(10).get(0), Set.of("a"));

        Spool restarted = new Spool(dir, 100);
        assertThat(restarted.rows()).isEqualTo(2);
        assertThat(ids(restarted)).containsExactly("b", "c");
        assertThat(Spool.countIn(dir)).isEqualTo(2);
        restarted.append(List.of(row("d")));
        assertThat(ids(new Spool(dir, 100))).containsExactly("b", "c", "d");
    }

    @Test
    void settledFilesAreRemoved() throws Exception {
        Spool spool = new Spool(dir, 100);
        spool.append(List.of(row("a")));
        for (Spool.Batch batch : spool.oldest(10)) {
            spool.settle(batch, Set.of("a"));
        }
        assertThat(spool.rows()).isZero();
        assertThat(Spool.countIn(dir)).isZero();
        assertThat(spool.oldest(10)).isEmpty();
    }

    private static List<String> ids(Spool spool) throws Exception {
        return spool.oldest(1000).stream()
                .flatMap(batch -> batch.rows().stream())
                .map(row -> row.get("externalId").asString())
                .toList();
    }
}
