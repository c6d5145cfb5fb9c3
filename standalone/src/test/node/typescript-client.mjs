// Run by TypeScriptClientIT against a real standalone: sends product events made by the TypeScript
// sender's OpenAI and Anthropic helpers, usage rows, then everything again from a second client (as
// after a restart), and one row the server refuses. Prints one JSON line: the clients' metrics, the
// refusal, and every item as sent, for the test to compare with the spend reports.
//
// Environment: SPENDLINE_URL, SPENDLINE_API_KEY, SPENDLINE_TS (the calls' time, ISO 8601).
import {
  SpendlineClient,
  eventFromAnthropic,
  eventFromOpenAI,
  internalUsageRow,
  productEvent,
} from '../../../../sdks/typescript/dist/index.js';

const baseUrl = process.env.SPENDLINE_URL;
const apiKey = process.env.SPENDLINE_API_KEY;
const ts = process.env.SPENDLINE_TS;
const created = Math.floor(Date.parse(ts) / 1000);

function items() {
  const events = [];
  for (let i = 0; i < 30; i++) {
    events.push(
      eventFromOpenAI(
        {
          id: `chatcmpl-${i}`,
          object: 'chat.completion',
          created,
          model: 'gpt-4o-mini-2024-07-18',
          usage: {
            prompt_tokens: 1000 + i,
            completion_tokens: 100 + 3 * i,
            total_tokens: 1100 + 4 * i,
            prompt_tokens_details: { cached_tokens: 10 * i },
          },
        },
        { source: 'ts-it', tenantId: i % 2 === 0 ? 'acme' : 'globex', feature: 'chat', latencyMs: 200 + i },
      ),
    );
  }
  for (let i = 0; i < 20; i++) {
    events.push(
      eventFromAnthropic(
        {
          id: `msg_${i}`,
          type: 'message',
          model: 'claude-sonnet-4-5-20250929',
          usage: {
            input_tokens: 50 + i,
            cache_creation_input_tokens: 7 * i,
            cache_read_input_tokens: 1000 + 11 * i,
            output_tokens: 300 + i,
          },
        },
        { source: 'ts-it', ts, tenantId: 'acme', feature: 'summary' },
      ),
    );
  }
  for (let i = 0; i < 10; i++) {
    events.push(
      eventFromOpenAI(
        {
          id: `resp_${i}`,
          object: 'response',
          created_at: created,
          model: 'gpt-4.1',
          usage: { input_tokens: 3000 + i, input_tokens_details: { cached_tokens: 1000 }, output_tokens: 500 + i },
        },
        { source: 'ts-it', tenantId: 'globex', feature: 'agent', runId: `run-${i}` },
      ),
    );
  }
  // A model the price book does not know: cost 0 (unknown), tokens still counted.
  events.push(
    eventFromOpenAI(
      { id: 'chatcmpl-ft', created, model: 'ft:gpt-4o-mini:acme::x1', usage: { prompt_tokens: 77, completion_tokens: 7 } },
      { source: 'ts-it', feature: 'fine-tuned' },
    ),
  );
  // And one built by hand, with an exact cost in many decimals.
  events.push(
    productEvent({
      provider: 'openai',
      model: 'gpt-4o',
      promptTokens: 1,
      outputTokens: 1,
      costUsd: '0.000000123',
      source: 'ts-it',
      externalId: 'by-hand',
      ts,
      feature: 'by-hand',
    }),
  );
  const rows = [];
  for (let i = 0; i < 20; i++) {
    rows.push(
      internalUsageRow({
        sourceKey: 'ts-it',
        sourceKind: 'api',
        tool: 'claude_code',
        category: 'coding_agent',
        employeeEmail: i % 2 === 0 ? 'ada@example.com' : 'grace@example.com',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        inputTokens: 2000 + i,
        cachedInputTokens: 500,
        outputTokens: 40 + i,
        costBasis: 'reported',
        costUsd: `0.${String(i + 1).padStart(2, '0')}`,
        ts,
        externalId: `row-${i}`,
      }),
    );
  }
  return { events, rows };
}

function client(listener) {
  return new SpendlineClient({ baseUrl, apiKey, batchSize: 25, lingerMs: 20, requestTimeoutMs: 30_000, listener });
}

const { events, rows } = items();

const first = client();
for (let i = 0; i < Math.max(events.length, rows.length); i++) {
  if (i < events.length) first.send(events[i]);
  if (i < rows.length) first.send(rows[i]);
}
const firstFlushed = await first.flush(60_000);
const firstClosed = await first.close(10_000);

// A second client resends everything, as an application restarted after a lost answer would.
const again = items();
const second = client();
for (const e of again.events) second.send(e);
for (const r of again.rows) second.send(r);
const secondClosed = await second.close(60_000);

let refusal;
const third = client({ rejected: (items, status, problemJson) => (refusal = { items: items.length, status, problemJson }) });
third.send(
  internalUsageRow({
    sourceKey: 'ts-it',
    sourceKind: 'api',
    tool: 'Claude Code',
    employeeEmail: 'ada@example.com',
    inputTokens: 1,
    outputTokens: 1,
    costUsd: '0.01',
    externalId: 'bad-1',
  }),
);
const thirdClosed = await third.close(60_000);

process.stdout.write(
  JSON.stringify({
    firstFlushed,
    firstClosed,
    secondClosed,
    thirdClosed,
    metrics: { first: first.metrics(), second: second.metrics(), third: third.metrics() },
    refusal,
    events,
    rows,
  }) + '\n',
);
