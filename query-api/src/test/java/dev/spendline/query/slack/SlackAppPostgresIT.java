package dev.spendline.query.slack;

import org.springframework.test.context.TestPropertySource;

/** {@link SlackAppTest} on PostgreSQL: the same installs, answers and refusals, the state in a fresh schema. */
@TestPropertySource(properties = "spendline.test.slack-database=postgres")
class SlackAppPostgresIT extends SlackAppTest {}
