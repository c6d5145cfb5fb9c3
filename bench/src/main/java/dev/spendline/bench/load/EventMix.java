package dev.spendline.bench.load;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded, realistic mix of LLM calls as a product would report them: 1,000 tenants (a few heavy,
 * most light), 50 features, 12 models across 3 providers with their list prices, agents running
 * workflows in runs of several steps, about 3 % errors, 5 % retried calls, 2 % resends of an
 * earlier {@code (source, externalId)} and cache tokens on about a third of the traffic.
 *
 * <p>The same seed gives the same sequence, so a run can be repeated exactly. Not thread-safe: each
 * sending thread owns one mix (seeded differently).
 */
public final class EventMix {

    public static final int TENANTS = 1_000;
    public static final int FEATURES = 50;
    public static final String SOURCE = "bench";

    /** Provider, model and list prices in nano-USD per token (input, output). */
    private record Model(String provider, String name, long inputNanos, long outputNanos) {}

    private static final List<Model> MODELS = List.of(
            new Model("openai", "gpt-4.1", 2_000, 8_000),
            new Model("openai", "gpt-4.1-mini", 400, 1_600),
            new Model("openai", "gpt-4o", 2_500, 10_000),
            new Model("openai", "o3", 2_000, 8_000),
            new Model("anthropic", "claude-sonnet-4", 3_000, 15_000),
            new Model("anthropic", "claude-opus-4", 15_000, 75_000),
            new Model("anthropic", "claude-haiku-3.5", 800, 4_000),
            new Model("anthropic", "claude-3.7-sonnet", 3_000, 15_000),
            new Model("google", "gemini-2.5-pro", 1_250, 10_000),
            new Model("google", "gemini-2.5-flash", 300, 2_500),
            new Model("google", "gemini-2.0-flash", 100, 400),
            new Model("google", "gemini-1.5-pro", 1_250, 5_000));

    private static final int AGENTS = 20;
    private static final int WORKFLOWS = 10;
    private static final int USERS = 5_000;
    private static final String[] TOOLS = {"search", "sql", "browser", "code", "email"};
    private static final String[] OUTCOMES = {"resolved", "escalated", "abandoned"};
    private static final int RESEND_MEMORY = 4_096;

    private final SplittableRandom random;
    private final String idPrefix;
    private final Duration tsSpread;
    private final String tenantPrefix;
    private final Instant anchor;
    private final List<MixEvent> recent = new ArrayList<>(RESEND_MEMORY);
    private long sequence;
    private long runSequence;
    private String currentRun;
    private int stepsLeft;
    private int currentAgent;
    private int currentWorkflow;

    /**
     * @param seed the random seed
     * @param idPrefix makes {@code externalId}s unique to this mix (e.g. run tag + thread)
     * @param tsSpread event times are spread uniformly over this much of the past (zero: no
     *     {@code ts}, so the gateway uses the time of receipt)
     */
    public EventMix(long seed, String idPrefix, Duration tsSpread) {
        this(seed, idPrefix, tsSpread, Instant.now(), "t");
    }

    /**
     * @param anchor event times are spread back from this instant
     * @param tenantPrefix tenant ids are this prefix and a number
     */
    public EventMix(long seed, String idPrefix, Duration tsSpread, Instant anchor, String tenantPrefix) {
        this.random = new SplittableRandom(seed);
        this.idPrefix = idPrefix;
        this.tsSpread = tsSpread;
        this.anchor = anchor;
        this.tenantPrefix = tenantPrefix;
    }

    /** The next call: about 2 % are resends of a recent one, identical in every field. */
    public MixEvent next() {
        if (!recent.isEmpty() && random.nextInt(100) < 2) {
            MixEvent original = recent.get(random.nextInt(recent.size()));
            return original.asResend();
        }
        MixEvent event = fresh();
        if (recent.size() < RESEND_MEMORY) {
            recent.add(event);
        } else {
            recent.set(random.nextInt(RESEND_MEMORY), event);
        }
        return event;
    }

    private MixEvent fresh() {
        long seq = sequence++;
        Model model = MODELS.get(skewed(MODELS.size()));
        // Heavy tenants first: the square of a uniform draw puts most traffic on low indexes.
        int tenant = skewed(TENANTS);
        int feature = skewed(FEATURES);
        long prompt = 200 + random.nextInt(8_000);
        boolean failed = random.nextInt(100) < 3;
        long output = failed ? 0 : 20 + random.nextInt(1_500);
        Long cacheRead = null;
        Long cacheWrite = null;
        if (random.nextInt(3) == 0) {
            // Both are part of promptTokens, so together they never exceed it.
            cacheRead = (long) random.nextInt((int) prompt);
            cacheWrite = (long) random.nextInt((int) Math.min(500, prompt - cacheRead + 1));
        }
        long costNanos = prompt * model.inputNanos() + output * model.outputNanos();
        Long retryCount = random.nextInt(100) < 5 ? (long) (1 + random.nextInt(3)) : null;

        String agent = null;
        String workflow = null;
        String run = null;
        String step = null;
        String tool = null;
        String outcome = null;
        if (stepsLeft > 0 || random.nextInt(10) < 4) {
            if (stepsLeft == 0) {
                stepsLeft = 2 + random.nextInt(6);
                currentRun = idPrefix + "-run-" + runSequence++;
                currentAgent = random.nextInt(AGENTS);
                currentWorkflow = random.nextInt(WORKFLOWS);
            }
            agent = "agent-" + currentAgent;
            workflow = "workflow-" + currentWorkflow;
            run = currentRun;
            step = "step-" + stepsLeft;
            tool = random.nextInt(2) == 0 ? TOOLS[random.nextInt(TOOLS.length)] : null;
            stepsLeft--;
            if (stepsLeft == 0) {
                outcome = OUTCOMES[random.nextInt(OUTCOMES.length)];
            }
        }
        Instant ts = tsSpread.isZero() ? null : anchor.minusMillis((long) (random.nextDouble() * tsSpread.toMillis()));
        return new MixEvent(
                idPrefix + "-" + seq,
                model.provider(),
                model.name(),
                prompt,
                output,
                costNanos,
                ts,
                cacheRead,
                cacheWrite,
                200L + random.nextInt(5_000),
                failed ? "error" : "success",
                "feature-" + feature,
                tenantPrefix + tenant,
                "user-" + random.nextInt(USERS),
                agent,
                workflow,
                run,
                step,
                tool,
                retryCount,
                outcome,
                false);
    }

    /** 0..n-1, skewed towards 0 (a long tail, as real usage is). */
    private int skewed(int n) {
        double u = random.nextDouble();
        return Math.min(n - 1, (int) (u * u * n));
    }
}
