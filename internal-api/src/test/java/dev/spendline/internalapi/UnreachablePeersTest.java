package dev.spendline.internalapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The memory of unreachable peers, on a clock the test moves. */
class UnreachablePeersTest {

    private final MovingClock clock = new MovingClock(Instant.parse("2026-11-26T06:00:00Z"));
    private final UnreachablePeers<String> peers = new UnreachablePeers<>(Duration.ofSeconds(5), clock);

    @Test
    void aPeerIsDownForTheMemoryAfterItCouldNotBeReached() {
        assertThat(peers.isDown("a:1")).isFalse();
        peers.unreachable("a:1");
        assertThat(peers.isDown("a:1")).isTrue();
        assertThat(peers.isDown("b:1")).isFalse();
        clock.advance(Duration.ofMillis(4_999));
        assertThat(peers.isDown("a:1")).isTrue();
        assertThat(peers.size()).isEqualTo(1);
    }

    @Test
    void anAnswerForgetsThePeerAtOnce() {
        peers.unreachable("a:1");
        peers.reachable("a:1");
        assertThat(peers.isDown("a:1")).isFalse();
        assertThat(peers.size()).isZero();
    }

    @Test
    void anotherFailureRenewsTheMemoryFromThen() {
        peers.unreachable("a:1");
        clock.advance(Duration.ofSeconds(4));
        peers.unreachable("a:1");
        clock.advance(Duration.ofSeconds(4));
        assertThat(peers.isDown("a:1")).isTrue();
        clock.advance(Duration.ofSeconds(1));
        assertThat(peers.isDown("a:1")).as("5 s after the last failure").isFalse();
    }

    @Test
    void onceExpiredOneReadTriesThePeerWhileTheOthersKeepItLast() {
        peers.unreachable("a:1");
        clock.advance(Duration.ofSeconds(5));
        assertThat(peers.isDown("a:1"))
                .as("the first read after the memory tries it")
                .isFalse();
        assertThat(peers.isDown("a:1"))
                .as("the others, while that read is under way")
                .isTrue();
        assertThat(peers.isDown("a:1")).isTrue();
        // That read failed too: another period.
        peers.unreachable("a:1");
        clock.advance(Duration.ofSeconds(3));
        assertThat(peers.isDown("a:1")).isTrue();
        // Had that read not reported back at all, the claim itself runs out after a period.
        clock.advance(Duration.ofSeconds(2));
        assertThat(peers.isDown("a:1")).isFalse();
    }

    @Test
    void reachableFirstPutsTheDownPeersLastAndCountsTheReadsItReordered() {
        peers.unreachable("owner");
        assertThat(peers.reachableFirst(List.of("owner", "standby-1", "standby-2")))
                .containsExactly("standby-1", "standby-2", "owner");
        assertThat(peers.deferred()).isEqualTo(1);
        assertThat(peers.reachableFirst(List.of("standby-1", "standby-2"))).containsExactly("standby-1", "standby-2");
        // Nothing to ask first instead: the down peer is still asked, and nothing was deferred.
        assertThat(peers.reachableFirst(List.of("owner"))).containsExactly("owner");
        assertThat(peers.deferred()).isEqualTo(1);
    }

    @Test
    void aZeroMemoryNeverSkipsAPeer() {
        UnreachablePeers<String> none = new UnreachablePeers<>(Duration.ZERO, clock);
        none.unreachable("a:1");
        assertThat(none.reachableFirst(List.of("a:1", "b:1"))).containsExactly("a:1", "b:1");
    }

    /** A clock that stands still until the test moves it. */
    private static final class MovingClock extends Clock {
        private Instant now;

        MovingClock(Instant start) {
            this.now = start;
        }

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
