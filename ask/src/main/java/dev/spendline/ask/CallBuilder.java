package dev.spendline.ask;

/**
 * Builds the call of one read tool from a question that has been read: its arguments, the reading
 * in words and the notes of every choice not spelt out. {@link QuestionInterpreter} keeps one per
 * {@link dev.spendline.contracts.tools.ReadTool}.
 */
interface CallBuilder {

    /**
     * @param r the finished reading of the question
     * @param metric the measure asked for
     * @return the tool call, or why this tool cannot answer the question
     */
    Interpretation build(Reading r, Metric metric);
}
