package dev.spendline.query.action;

import tools.jackson.databind.node.ObjectNode;

/**
 * What a {@link WriteAction} will do if confirmed.
 *
 * @param summary one sentence in words, shown to the person who must confirm
 * @param arguments canonical arguments: every value resolved (defaults applied, ids chosen), so
 *     confirming executes exactly what was shown
 */
public record PreparedPlan(String summary, ObjectNode arguments) {}
