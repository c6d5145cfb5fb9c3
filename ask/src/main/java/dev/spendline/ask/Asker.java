package dev.spendline.ask;

import dev.spendline.contracts.query.Queries;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.function.Function;

/**
 * Answers one question of one workspace: reads it against the workspace's vocabulary, runs the
 * one tool call, and writes the answer, the reading, the call, the data and the dashboard link.
 * Plain Java over {@link Queries}, so it runs the same in tests and behind the controller. Public so
 * that the Slack app answers with the very same asker as {@code POST /api/v1/ask}.
 */
public final class Asker {

    private final Queries queries;
    private final Function<String, Vocabulary> vocabularies;
    private final Clock clock;

    public Asker(Queries queries, Function<String, Vocabulary> vocabularies, Clock clock) {
        this.queries = queries;
        this.vocabularies = vocabularies;
        this.clock = clock;
    }

    /** As {@link #ask(String, WorkspacePlan, String, String)} for a workspace whose plan is not at hand. */
    public AskAnswer ask(String workspaceId, String question, String baseUrl) {
        return ask(workspaceId, null, question, baseUrl);
    }

    /**
     * @param plan the workspace's plan, which decides whether a change asked for can be prepared;
     *     null when unknown (the answer then says it needs the Team plan)
     * @param baseUrl what the dashboard link starts with: an absolute address, or empty for a link
     *     relative to this host
     */
    public AskAnswer ask(String workspaceId, WorkspacePlan plan, String question, String baseUrl) {
        return ask(workspaceId, plan, question, baseUrl, null);
    }

    /**
     * @param context the {@code context} of the answer this question follows up, or null; a question
     *     of its own ignores it ({@link FollowUps})
     * @throws InvalidContextException when the context is not one Ask wrote
     */
    public AskAnswer ask(String workspaceId, WorkspacePlan plan, String question, String baseUrl, String context) {
        Instant now = clock.instant();
        AskContext previous = context == null ? null : AskContext.decode(context);
        QuestionInterpreter interpreter = new QuestionInterpreter(vocabularies.apply(workspaceId), now, ZoneOffset.UTC);
        Interpretation followUp = previous == null ? null : new FollowUps(interpreter).read(previous, question, now);
        Interpretation reading = followUp != null ? followUp : interpreter.interpret(question);
        if (reading.write() != null) {
            return WriteAnswers.answer(question, reading.write(), plan, baseUrl);
        }
        if (!reading.answered()) {
            return new AskAnswer(
                    false,
                    question,
                    "I can't answer that: " + reading.reason() + ". Questions I can answer look like the examples.",
                    null,
                    reading.notes(),
                    null,
                    null,
                    null,
                    AskExamples.nearest(question),
                    null);
        }
        ToolCall call = reading.call();
        Record data = call.run(queries, workspaceId);
        return new AskAnswer(
                true,
                question,
                AnswerWriter.write(reading, data),
                reading.reading(),
                reading.notes(),
                new AskAnswer.Tool(call.name(), call.arguments()),
                data,
                DashboardLinks.link(baseUrl, call, now),
                null,
                null,
                AskContext.of(call, data).encode());
    }
}
