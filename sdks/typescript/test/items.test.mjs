// The checks made on the caller's side: only what could never be accepted, every problem at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SpendlineClient, SpendlineValidationError, internalUsageRow, productEvent } from '../dist/index.js';
import { itemJson } from '../dist/items.js';

const minimal = { provider: 'openai', model: 'gpt-4o', promptTokens: 10, outputTokens: 2, costUsd: '0.1' };

function problems(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof SpendlineValidationError, String(e));
    assert.ok(e instanceof TypeError);
    return e.problems;
  }
  assert.fail('no error');
}

test('every missing required field of an event is named at once', () => {
  assert.deepEqual(problems(() => productEvent({})), [
    'provider is required',
    'model is required',
    'promptTokens is required',
    'outputTokens is required',
    'costUsd is required',
  ]);
  assert.deepEqual(problems(() => productEvent({ ...minimal, provider: null })), ['provider is required']);
});

test('every missing required field of a usage row is named at once', () => {
  assert.deepEqual(problems(() => internalUsageRow({ tool: 'cursor' })), [
    'sourceKey is required',
    'sourceKind is required',
    'employeeEmail is required',
    'inputTokens is required',
    'outputTokens is required',
  ]);
});

test('a field the API does not have is refused before it is sent (a typo would lose attribution)', () => {
  assert.deepEqual(problems(() => productEvent({ ...minimal, tenant_id: 'acme' })), ['tenant_id is not a known field of a product event']);
  assert.deepEqual(
    problems(() => internalUsageRow({ sourceKey: 's', sourceKind: 'api', tool: 't', employeeEmail: 'a@b.c', inputTokens: 1, outputTokens: 1, employee: 'x' })),
    ['employee is not a known field of an internal usage row'],
  );
});

test('source and externalId are both or neither', () => {
  assert.deepEqual(problems(() => productEvent({ ...minimal, source: 'web' })), ['externalId is required when source is given']);
  assert.deepEqual(problems(() => productEvent({ ...minimal, externalId: 'x' })), ['source is required when externalId is given']);
  assert.equal(productEvent({ ...minimal, source: 'web', externalId: 'x' }).externalId, 'x');
});

test('types, whole non-negative token counts, status', () => {
  assert.deepEqual(problems(() => productEvent({ ...minimal, promptTokens: -1, outputTokens: 2.5, latencyMs: '12', feature: 7, status: 'ok' })), [
    'promptTokens must not be negative',
    'outputTokens must be a whole number',
    'latencyMs must be a number',
    'feature must be a string',
    "status must be 'success' or 'error'",
  ]);
});

test('money: exact decimals kept as written, numbers in plain notation, negatives and junk refused', () => {
  assert.equal(productEvent({ ...minimal, costUsd: '0.000015' }).costUsd, '0.000015');
  assert.equal(productEvent({ ...minimal, costUsd: 1e-8 }).costUsd, '0.00000001');
  assert.equal(productEvent({ ...minimal, costUsd: 0.1 + 0.2 }).costUsd, '0.30000000000000004');
  assert.equal(productEvent({ ...minimal, costUsd: 1e21 }).costUsd, '1000000000000000000000');
  assert.equal(productEvent({ ...minimal, costUsd: 0 }).costUsd, '0');
  assert.equal(productEvent({ ...minimal, costUsd: '007.50' }).costUsd, '7.50', 'JSON numbers have no leading zeros');
  assert.equal(productEvent({ ...minimal, costUsd: '0000' }).costUsd, '0');
  assert.equal(productEvent({ ...minimal, costUsd: '00.0001' }).costUsd, '0.0001');
  assert.deepEqual(problems(() => productEvent({ ...minimal, costUsd: '-0.1' })), ['costUsd must not be negative']);
  assert.deepEqual(problems(() => productEvent({ ...minimal, costUsd: -1 })), ['costUsd must not be negative']);
  assert.deepEqual(problems(() => productEvent({ ...minimal, costUsd: '1e-3' })), ['costUsd must be a plain decimal such as "0.0183"']);
  assert.deepEqual(problems(() => productEvent({ ...minimal, costUsd: Number.NaN })), ['costUsd must be a finite number']);
  assert.equal(itemJson(productEvent({ ...minimal, costUsd: '0.00000001' })),
    '{"provider":"openai","model":"gpt-4o","promptTokens":10,"outputTokens":2,"costUsd":0.00000001}');
});

test('ts: a Date becomes an ISO instant; a string needs an offset', () => {
  assert.equal(productEvent({ ...minimal, ts: new Date('2026-11-22T09:59:58.250Z') }).ts, '2026-11-22T09:59:58.250Z');
  assert.equal(productEvent({ ...minimal, ts: '2026-11-22T11:15:30+01:00' }).ts, '2026-11-22T11:15:30+01:00');
  assert.deepEqual(problems(() => productEvent({ ...minimal, ts: '2026-11-22T10:15:30' })), [
    'ts must be an ISO 8601 date-time with an offset, e.g. 2026-11-22T10:15:30Z',
  ]);
  assert.deepEqual(problems(() => productEvent({ ...minimal, ts: new Date('nope') })), ['ts is an invalid Date']);
  assert.deepEqual(problems(() => productEvent({ ...minimal, ts: 1763600000000 })), ['ts must be a Date or an ISO 8601 string']);
});

test('metadata holds only what JSON can carry, and is copied', () => {
  const metadata = { region: 'eu', n: 1, big: 12345678901234567890n, nested: { list: [1, 'a', null, true] } };
  const e = productEvent({ ...minimal, metadata });
  metadata.region = 'us';
  metadata.nested.list.push('later');
  assert.deepEqual(e.metadata, { region: 'eu', n: 1, big: 12345678901234567890n, nested: { list: [1, 'a', null, true] } });
  assert.ok(Object.isFrozen(e) && Object.isFrozen(e.metadata.nested.list));
  assert.ok(itemJson(e).endsWith(',"metadata":{"region":"eu","n":1,"big":12345678901234567890,"nested":{"list":[1,"a",null,true]}}}'));

  const cyclic = { a: 1 };
  cyclic.self = cyclic;
  assert.deepEqual(problems(() => productEvent({ ...minimal, metadata: { when: new Date(0), f: () => 1, x: Number.POSITIVE_INFINITY, u: undefined } })), [
    'metadata/when is a Date; metadata holds strings, numbers, booleans, null, objects and arrays',
    'metadata/f is a function; metadata holds strings, numbers, booleans, null, objects and arrays',
    'metadata/x is not a finite number',
  ]);
  assert.deepEqual(productEvent({ ...minimal, metadata: { u: undefined, k: 1 } }).metadata, { k: 1 });
  assert.deepEqual(problems(() => productEvent({ ...minimal, metadata: { list: [undefined] } })), [
    'metadata/list/0 is undefined; metadata holds strings, numbers, booleans, null, objects and arrays',
  ]);
  assert.deepEqual(problems(() => productEvent({ ...minimal, metadata: cyclic })), ['metadata/self refers back to itself']);
  assert.deepEqual(problems(() => productEvent({ ...minimal, metadata: ['a'] })), ['metadata must be an object']);
});

test('an item is frozen and independent of the fields it was made from', () => {
  const fields = { ...minimal, tenantId: 'acme' };
  const e = productEvent(fields);
  fields.tenantId = 'other';
  assert.equal(e.tenantId, 'acme');
  assert.throws(() => {
    'use strict';
    e.tenantId = 'x';
  }, TypeError);
});

test('send takes only items made by the factories; options are checked', () => {
  const c = new SpendlineClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'spl_x', flushOnExit: false });
  assert.throws(() => c.send({ ...minimal }), /send takes an item made by productEvent/);
  assert.throws(() => new SpendlineClient({ baseUrl: 'ftp://x', apiKey: 'k' }), /baseUrl must be an absolute http\(s\) URL/);
  assert.throws(() => new SpendlineClient({ baseUrl: 'not a url', apiKey: 'k' }), /baseUrl must be an absolute http\(s\) URL/);
  assert.throws(() => new SpendlineClient({ baseUrl: 'http://x', apiKey: ' ' }), /the API key is empty/);
  assert.throws(() => new SpendlineClient({ baseUrl: 'http://x', apiKey: 'k', batchSize: 1001 }), /batchSize must be a whole number from 1 to 1000: 1001/);
  assert.throws(() => new SpendlineClient({ baseUrl: 'http://x', apiKey: 'k', batchSize: 0 }), /batchSize must be a whole number from 1 to 1000: 0/);
  assert.throws(() => new SpendlineClient({ baseUrl: 'http://x', apiKey: 'k', lingerMs: -1 }), /lingerMs must be a number of milliseconds/);
  assert.throws(() => new SpendlineClient({ baseUrl: 'http://x', apiKey: 'k', backoffBaseMs: 100, backoffMaxMs: 10 }), /backoffMaxMs must be at least backoffBaseMs/);
  assert.throws(() => new SpendlineClient({ baseUrl: 'http://x', apiKey: 'k', credentials: { token: () => 'k' } }), /give apiKey or credentials, not both/);
});
