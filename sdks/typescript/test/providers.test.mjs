// The response helpers: OpenAI (chat completions and the Responses API) and Anthropic answers,
// shaped as the official SDKs return them, into costed events.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PriceBook, SpendlineValidationError, eventFromAnthropic, eventFromOpenAI } from '../dist/index.js';

// 2026-11-20T10:00:00Z
const CREATED = 1795168800;

const chatCompletion = {
  id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
  object: 'chat.completion',
  created: CREATED,
  model: 'gpt-4o-2024-08-06',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
  usage: {
    prompt_tokens: 2006,
    completion_tokens: 300,
    total_tokens: 2306,
    prompt_tokens_details: { cached_tokens: 1920, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
  },
};

const response = {
  id: 'resp_67ccd2bed1ec8190b14f964abc054267',
  object: 'response',
  created_at: CREATED,
  status: 'completed',
  model: 'gpt-4.1-2025-04-14',
  output: [],
  usage: {
    input_tokens: 3000,
    input_tokens_details: { cached_tokens: 1000 },
    output_tokens: 500,
    output_tokens_details: { reasoning_tokens: 100 },
    total_tokens: 3500,
  },
};

const message = {
  id: 'msg_013Zva2CMHLNnXjNJJKqJ2EF',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5-20250929',
  content: [{ type: 'text', text: 'Hi' }],
  stop_reason: 'end_turn',
  usage: { input_tokens: 200, cache_creation_input_tokens: 1000, cache_read_input_tokens: 4000, output_tokens: 300 },
};

test('an OpenAI chat completion: cached tokens inside prompt_tokens, costed on its created day', () => {
  let seen;
  const event = eventFromOpenAI(chatCompletion, {
    source: 'web-backend',
    tenantId: 'acme-corp',
    feature: 'search-answer',
    latencyMs: 830,
    onCost: (cost) => (seen = cost),
  });
  // gpt-4o: 2.50 / 1.25 / 10.00 per million: 86 × 2.50 + 1,920 × 1.25 + 300 × 10.00 = 5,615.
  assert.deepEqual({ ...event }, {
    provider: 'openai',
    model: 'gpt-4o-2024-08-06',
    promptTokens: 2006,
    outputTokens: 300,
    costUsd: '0.005615',
    source: 'web-backend',
    externalId: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
    ts: '2026-11-20T10:00:00.000Z',
    cacheReadTokens: 1920,
    latencyMs: 830,
    status: 'success',
    feature: 'search-answer',
    tenantId: 'acme-corp',
  });
  assert.equal(seen.priced, true);
  assert.equal(seen.price.model, 'gpt-4o');
});

test('an OpenAI Responses API answer', () => {
  const event = eventFromOpenAI(response, { source: 'agent', externalId: 'my-own-id', runId: 'run-1' });
  // gpt-4.1: 2.00 / 0.50 / 8.00: 2,000 × 2 + 1,000 × 0.5 + 500 × 8 = 8,500.
  assert.equal(event.promptTokens, 3000);
  assert.equal(event.cacheReadTokens, 1000);
  assert.equal(event.outputTokens, 500);
  assert.equal(event.costUsd, '0.0085');
  assert.equal(event.externalId, 'my-own-id');
  assert.equal(event.runId, 'run-1');
  assert.equal(event.ts, '2026-11-20T10:00:00.000Z');
});

test('an Anthropic message: all input counted, cache writes priced as input, cache reads at the cached price', () => {
  const before = Date.now();
  const event = eventFromAnthropic(message, { source: 'support-backend', feature: 'ticket-summary' });
  assert.equal(event.promptTokens, 5200);
  assert.equal(event.cacheReadTokens, 4000);
  assert.equal(event.cacheWriteTokens, 1000);
  assert.equal(event.outputTokens, 300);
  // claude-sonnet-4-5: 3.00 / 0.30 / 15.00: (200 + 1,000) × 3 + 4,000 × 0.30 + 300 × 15 = 9,300.
  assert.equal(event.costUsd, '0.0093');
  assert.equal(event.externalId, 'msg_013Zva2CMHLNnXjNJJKqJ2EF');
  assert.ok(Date.parse(event.ts) >= before - 1, 'priced and dated now');

  const dated = eventFromAnthropic(message, { source: 's', ts: '2025-09-28T23:00:00Z' });
  assert.equal(dated.costUsd, '0', 'the day before the model\'s first price');
  assert.equal(dated.ts, '2025-09-28T23:00:00Z');

  const noCache = eventFromAnthropic({ ...message, usage: { input_tokens: 10, output_tokens: 5 } }, { source: 's' });
  assert.equal(noCache.cacheWriteTokens, undefined);
  assert.equal(noCache.cacheReadTokens, 0);
});

test('a model without a price: costUsd 0 (unknown, as the API says it) and onCost is told', () => {
  let seen;
  const event = eventFromOpenAI({ ...chatCompletion, model: 'ft:gpt-4o:acme::abc' }, { source: 's', onCost: (c) => (seen = c) });
  assert.equal(event.costUsd, '0');
  assert.equal(event.promptTokens, 2006);
  assert.equal(seen.priced, false);
});

test('your own prices, and another provider name', () => {
  const book = PriceBook.withOverrides('azure,gpt-4o,2024-01-01,5,2.5,20');
  const event = eventFromOpenAI(chatCompletion, { source: 's', provider: 'azure', priceBook: book });
  assert.equal(event.provider, 'azure');
  assert.equal(event.costUsd, '0.01123');
});

test('clear errors for what cannot make an event', () => {
  const err = (fn) => assert.throws(fn, SpendlineValidationError);
  err(() => eventFromOpenAI({ ...chatCompletion, usage: undefined }, { source: 's' }));
  assert.throws(() => eventFromOpenAI({ ...chatCompletion, usage: null }, { source: 's' }), /stream_options: \{ include_usage: true \}/);
  assert.throws(() => eventFromAnthropic({ ...message, usage: undefined }, { source: 's' }), /finalMessage/);
  assert.throws(() => eventFromOpenAI({ ...chatCompletion, id: undefined }, { source: 's' }), /the response has no id: pass externalId/);
  assert.throws(() => eventFromOpenAI(chatCompletion, {}), /source is required/);
  assert.throws(() => eventFromOpenAI(chatCompletion, { source: 's', tenant: 'x' }), /tenant is not a known field/);
  assert.throws(() => eventFromAnthropic({ ...message, usage: { input_tokens: -1, output_tokens: 1 } }, { source: 's' }), /usage.input_tokens must be a whole number of at least 0: -1/);
});
