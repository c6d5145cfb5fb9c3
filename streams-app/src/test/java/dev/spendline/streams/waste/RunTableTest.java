package dev.spendline.streams.waste;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link RunTable}: each changed entry written once per commit, an evicted one before it goes. */
class RunTableTest {

    private static final class Run extends RunTable.Entry {
        int value;

        Run(String key, int value) {
            super(key);
            this.value = value;
        }
    }

    private final List<String> written = new ArrayList<>();
    private final RunTable<Run> table = new RunTable<>(2, r -> written.add(r.key + "=" + r.value));

    @Test
    void aCommitWritesEachChangedEntryOnceWithItsLastValue() {
        Run a = new Run("a", 1);
        table.put(a);
        table.changed(a);
        a.value = 2;
        table.changed(a);
        Run b = new Run("b", 7);
        table.put(b); // read, not changed: never written

        table.writeDirty();
        table.writeDirty();

        assertThat(written).containsExactly("a=2");
        assertThat(table.pending()).isEmpty();
    }

    @Test
    void theLeastRecentlyUsedEntryIsWrittenWhenTheFullTableEvictsIt() {
        Run a = new Run("a", 1);
        table.put(a);
        table.changed(a);
        table.put(new Run("b", 2));
        table.get("b");
        table.put(new Run("c", 3)); // evicts a, written now

        assertThat(written).containsExactly("a=1");
        assertThat(table.get("a")).isNull();
        table.writeDirty(); // a is no longer dirty: not written twice
        assertThat(written).containsExactly("a=1");
    }

    @Test
    void clearForgetsWhatWasNotWritten() {
        Run a = new Run("a", 1);
        table.put(a);
        table.changed(a);

        table.clear();
        table.writeDirty();

        assertThat(written).isEmpty();
        assertThat(table.get("a")).isNull();
    }
}
