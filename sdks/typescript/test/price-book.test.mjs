// The price book: the server's bundled lines, applied exactly as docs/pricing.md says.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PriceBook } from '../dist/index.js';

const CSV = new URL('../../../streams-app/src/main/resources/dev/spendline/streams/pricing/price-book.csv', import.meta.url);
const DAY = new Date('2026-11-20T10:00:00Z');

test('the bundled book is the server\'s price-book.csv, line for line', () => {
  const lines = readFileSync(CSV, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const bundled = PriceBook.bundled().prices().map((p) =>
    [p.provider, p.model, p.effectiveFrom, p.inputPerMillionUsd, p.cachedInputPerMillionUsd, p.outputPerMillionUsd].join(','));
  assert.deepEqual([...bundled].sort(), [...lines].sort());
});

test('docs/pricing.md\'s example: 1,000 input (100 cached) and 200 output on claude-sonnet-4 cost 0.00573 USD', () => {
  const cost = PriceBook.bundled().cost('anthropic', 'claude-sonnet-4', DAY, { inputTokens: 1000, cachedInputTokens: 100, outputTokens: 200 });
  assert.equal(cost.priced, true);
  assert.equal(cost.costUsd, '0.00573');
  assert.equal(cost.costNanos, 5_730_000n);
  assert.equal(cost.price.effectiveFrom, '2025-05-22');
});

test('the price in force on the call\'s UTC day', () => {
  const book = PriceBook.bundled();
  const million = { inputTokens: 1_000_000, outputTokens: 0 };
  // o3: 10.00 from 2025-04-16, 2.00 from 2025-06-10.
  assert.equal(book.cost('openai', 'o3', new Date('2025-06-09T23:59:59.999Z'), million).costUsd, '10');
  assert.equal(book.cost('openai', 'o3', new Date('2025-06-10T00:00:00Z'), million).costUsd, '2');
  assert.equal(book.cost('openai', 'o3', new Date('2025-06-10T01:30:00+02:00'), million).costUsd, '10', 'UTC, not local, day');
  const before = book.cost('openai', 'o3', new Date('2025-04-15T12:00:00Z'), million);
  assert.deepEqual([before.priced, before.costUsd, before.costNanos], [false, '0', 0n]);
});

test('names match in any case, and a snapshot date falls back to its model', () => {
  const book = PriceBook.bundled();
  const usage = { inputTokens: 1000, outputTokens: 1000 };
  const plain = book.cost('openai', 'gpt-4o', DAY, usage).costUsd;
  assert.equal(plain, '0.0125');
  assert.equal(book.cost('OpenAI', 'GPT-4o', DAY, usage).costUsd, plain);
  assert.equal(book.cost('openai', 'gpt-4o-2024-08-06', DAY, usage).costUsd, plain);
  assert.equal(book.cost('anthropic', 'claude-sonnet-4-5-20250929', DAY, usage).costUsd, '0.018');
  assert.equal(book.cost('openai', 'gpt-4o-latest', DAY, usage).priced, false);
});

test('a model without a price costs 0 and says so; tokens are not lost', () => {
  const cost = PriceBook.bundled().cost('acme', 'in-house-7b', DAY, { inputTokens: 5, outputTokens: 5 });
  assert.deepEqual(cost, { priced: false, costUsd: '0', costNanos: 0n });
});

test('exact to the nano-dollar, rounded half-even once', () => {
  // 0.0005 USD per million tokens: n tokens cost n × 0.5 nano-dollars.
  const book = PriceBook.of('acme,m,2020-01-01,0.0005,0.0005,0.0005');
  const nanos = (n) => book.cost('acme', 'm', DAY, { inputTokens: n, outputTokens: 0 }).costNanos;
  assert.deepEqual([1, 2, 3, 5, 7].map(nanos), [0n, 1n, 2n, 2n, 4n]);
  // Summed before rounding: 1 input + 1 output = 1 nano, not 0 + 0.
  assert.equal(book.cost('acme', 'm', DAY, { inputTokens: 1, outputTokens: 1 }).costNanos, 1n);
  // Large counts stay exact (no float): 1e9 tokens at 10000 USD per million.
  const dear = PriceBook.of('acme,m,2020-01-01,10000,10000,10000');
  assert.equal(dear.cost('acme', 'm', DAY, { inputTokens: 1_000_000_000, outputTokens: 999_999_999 }).costUsd, '19999999.99');
});

test('your own lines replace bundled ones with the same date and add the others', () => {
  const book = PriceBook.withOverrides([
    '# our negotiated Anthropic price from 1 Nov 2026, and an in-house model',
    'anthropic,claude-sonnet-4,2026-11-01,2.40,0.24,12.00',
    'anthropic,claude-sonnet-4,2025-05-22,3.30,0.33,16.50',
    'acme,in-house-7b,2026-01-01,0.05,0,0.05',
  ].join('\n'));
  const usage = { inputTokens: 1000, cachedInputTokens: 100, outputTokens: 200 };
  assert.equal(book.cost('anthropic', 'claude-sonnet-4', DAY, usage).costUsd, '0.004584');
  assert.equal(book.cost('anthropic', 'claude-sonnet-4', new Date('2026-10-31T12:00:00Z'), usage).costUsd, '0.006303');
  assert.equal(book.cost('acme', 'in-house-7b', DAY, usage).costUsd, '0.000055');
  assert.equal(PriceBook.bundled().cost('anthropic', 'claude-sonnet-4', DAY, usage).costUsd, '0.00573', 'the bundled book is unchanged');
});

test('a malformed line is refused with its line number', () => {
  const bad = (line, message) => assert.throws(() => PriceBook.of('# header\n' + line), { message: `Price book the price lines given, line 2: ${message}` });
  bad('openai,gpt-4o,2024-10-01,2.50,1.25', 'expected 6 columns (provider,model,effective_from,input,cached_input,output)');
  bad(',gpt-4o,2024-10-01,2.50,1.25,10', 'provider is empty');
  bad('openai,,2024-10-01,2.50,1.25,10', 'model is empty');
  bad('openai,gpt-4o,2024-02-30,2.50,1.25,10', 'effective_from must be a date like 2025-04-14');
  bad('openai,gpt-4o,2024-10-01,-2.50,1.25,10', "'-2.50' is not a price");
  bad('openai,gpt-4o,2024-10-01,2.50,1.25,10000.01', 'prices must be between 0 and 10000 USD per million tokens');
});

test('token counts must be whole and not negative', () => {
  assert.throws(() => PriceBook.bundled().cost('openai', 'gpt-4o', DAY, { inputTokens: 1.5, outputTokens: 0 }), /inputTokens must be a whole number of at least 0: 1.5/);
  assert.throws(() => PriceBook.bundled().cost('openai', 'gpt-4o', new Date('x'), { inputTokens: 1, outputTokens: 0 }), /the time of the call must be a valid Date/);
});
