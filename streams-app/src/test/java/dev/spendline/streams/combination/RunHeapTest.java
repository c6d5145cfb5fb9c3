package dev.spendline.streams.combination;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RunHeapTest {

    @Test
    void mergesSortedRunsIntoOneSortedSequenceWithEqualHeadsInRunOrder() {
        Random random = new Random(29);
        for (int trial = 0; trial < 200; trial++) {
            int k = 1 + random.nextInt(20);
            int[][] runs = new int[k][];
            List<int[]> expected = new ArrayList<>(); // (value, run)
            for (int r = 0; r < k; r++) {
                runs[r] = random.ints(random.nextInt(30), 0, 40).sorted().toArray();
                for (int v : runs[r]) {
                    expected.add(new int[] {v, r});
                }
            }
            // Stable within a run; equal values of different runs in run order.
            expected.sort(Comparator.<int[]>comparingInt(e -> e[0]).thenComparingInt(e -> e[1]));
            int[] head = new int[k];
            RunHeap heap = new RunHeap(k, (a, b) -> Integer.compare(runs[a][head[a]], runs[b][head[b]]));
            for (int r = 0; r < k; r++) {
                if (runs[r].length > 0) {
                    heap.add(r);
                }
            }
            List<int[]> merged = new ArrayList<>();
            while (!heap.isEmpty()) {
                int r = heap.top();
                merged.add(new int[] {runs[r][head[r]], r});
                if (++head[r] < runs[r].length) {
                    heap.topChanged();
                } else {
                    heap.removeTop();
                }
            }
            assertThat(merged).as(Arrays.deepToString(runs)).containsExactlyElementsOf(expected);
        }
    }
}
