// The sender against a misbehaving local server: batching, retries only of what can succeed,
// timeouts, hang-ups, Retry-After, a full buffer, flush and close deadlines.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SpendlineClient, internalUsageRow, productEvent } from '../dist/index.js';
import { retryAfterMs } from '../dist/client.js';
import { accepted, misbehavingServer, problem, quiet, recordingListener } from './support/server.mjs';

const KEY = 'spl_test_key';

function event(i, extra = {}) {
  return productEvent({
    provider: 'openai',
    model: 'gpt-4o-mini',
    promptTokens: 100 + i,
    outputTokens: 10,
    costUsd: '0.00000001',
    source: 'ts-test',
    externalId: `event-${i}`,
    ...extra,
  });
}

function row(i) {
  return internalUsageRow({
    sourceKey: 'ts-test',
    sourceKind: 'api',
    tool: 'claude_code',
    employeeEmail: 'ada@example.com',
    inputTokens: 1000,
    cachedInputTokens: 200,
    outputTokens: 50,
    costUsd: 0.01,
    externalId: `row-${i}`,
  });
}

const servers = [];
async function server(answer) {
  const s = await misbehavingServer(answer);
  servers.push(s);
  return s;
}
after(() => Promise.all(servers.map((s) => s.close())));

/** Waits until the server has received `n` requests (never long: the client sends at once). */
async function received(s, n) {
  while (s.requests.length < n) await new Promise((r) => setTimeout(r, 5));
}

function client(url, options = {}) {
  return new SpendlineClient({
    baseUrl: url,
    apiKey: KEY,
    lingerMs: 20,
    backoffBaseMs: 10,
    backoffMaxMs: 2_000,
    requestTimeoutMs: 2_000,
    flushOnExit: false,
    logger: quiet,
    ...options,
  });
}

describe('batching', () => {
  test('sends batches of at most batchSize, one kind per request, as the documented JSON', async () => {
    const s = await server((req, res) => accepted(res, req));
    const { calls, listener } = recordingListener();
    const c = client(s.url, { batchSize: 10, listener });
    for (let i = 0; i < 25; i++) c.send(event(i));
    c.send(row(0));
    assert.equal(c.metrics().buffered, 26);
    assert.equal(s.requests.length, 0, 'send does no I/O');
    assert.equal(await c.flush(5_000), true);

    const sizes = s.requests.map((r) => [r.path, (r.json.events ?? r.json.rows).length]);
    assert.deepEqual(sizes, [
      ['/api/v1/events', 10],
      ['/api/v1/events', 10],
      ['/api/v1/events', 5],
      ['/api/v1/internal-usage', 1],
    ]);
    const first = s.requests[0];
    assert.equal(first.method, 'POST');
    assert.equal(first.headers.authorization, 'Bearer ' + KEY);
    assert.equal(first.headers['content-type'], 'application/json');
    assert.match(first.headers['user-agent'], /^spendline-client-typescript\//);
    // Money as the exact decimal given, never 1e-8; fields as the API names them.
    assert.ok(first.body.startsWith(
      '{"events":[{"provider":"openai","model":"gpt-4o-mini","promptTokens":100,"outputTokens":10,"costUsd":0.00000001,"source":"ts-test","externalId":"event-0"}',
    ), first.body);
    assert.equal(s.requests[3].body,
      '{"rows":[{"sourceKey":"ts-test","sourceKind":"api","tool":"claude_code","employeeEmail":"ada@example.com","inputTokens":1000,"cachedInputTokens":200,"outputTokens":50,"costUsd":0.01,"externalId":"row-0"}]}');
    assert.deepEqual(s.items().map((i) => i.externalId), [...Array.from({ length: 25 }, (_, i) => `event-${i}`), 'row-0']);
    assert.equal(calls.delivered.length, 26);
    assert.deepEqual(c.metrics(), { sent: 26, retried: 0, dropped: 0, rejected: 0, failed: 0, buffered: 0 });
    assert.equal(await c.close(1_000), true);
  });

  test('a batch leaves when its oldest item has lingered, without a flush', async () => {
    const s = await server((req, res) => accepted(res, req));
    const c = client(s.url, { lingerMs: 100 });
    const sent = Date.now();
    c.send(event(1));
    c.send(event(2));
    await received(s, 1);
    assert.ok(s.requests[0].at - sent >= 90, `left after ${s.requests[0].at - sent} ms`);
    assert.equal(s.requests[0].json.events.length, 2);
    await c.close(1_000);
  });

  test('a batch whose JSON would pass 5 MiB is split', async () => {
    const s = await server((req, res) => accepted(res, req));
    const c = client(s.url, { batchSize: 1000 });
    const big = 'x'.repeat(100_000);
    for (let i = 0; i < 60; i++) c.send(event(i, { metadata: { note: big } }));
    assert.equal(await c.flush(10_000), true);
    assert.equal(s.requests.length, 2);
    for (const r of s.requests) assert.ok(Buffer.byteLength(r.body) <= 5 * 1024 * 1024);
    assert.equal(s.items().length, 60);
    assert.equal(c.metrics().sent, 60);
    await c.close(1_000);
  });
});

describe('retries', () => {
  test('500 then 202: the same body is sent again and delivered', async () => {
    const s = await server((req, res, n) => (n === 0 ? problem(res, 500, { code: 'internal_error' }) : accepted(res, req)));
    const { calls, listener } = recordingListener();
    const c = client(s.url, { listener });
    c.send(event(1));
    c.send(event(2));
    assert.equal(await c.flush(5_000), true);
    assert.equal(s.requests.length, 2);
    assert.equal(s.requests[1].body, s.requests[0].body);
    assert.equal(calls.delivered.length, 2);
    assert.deepEqual(c.metrics(), { sent: 2, retried: 2, dropped: 0, rejected: 0, failed: 0, buffered: 0 });
    await c.close(1_000);
  });

  test('a stalled request times out and is retried', async () => {
    const s = await server((req, res, n) => {
      if (n > 0) accepted(res, req);
      // n == 0: never answered.
    });
    const c = client(s.url, { requestTimeoutMs: 300 });
    const started = Date.now();
    c.send(event(1));
    assert.equal(await c.flush(5_000), true);
    assert.ok(Date.now() - started >= 300, 'waited for the timeout');
    assert.equal(s.requests.length, 2);
    assert.deepEqual(c.metrics(), { sent: 1, retried: 1, dropped: 0, rejected: 0, failed: 0, buffered: 0 });
    await c.close(1_000);
  });

  test('an answer that stalls after its headers is no answer: timed out and retried', async () => {
    const s = await server((req, res, n) => {
      if (n > 0) return accepted(res, req);
      res.writeHead(202, { 'Content-Type': 'application/json' });
      res.write('{"accepted":'); // and nothing more
    });
    const c = client(s.url, { requestTimeoutMs: 300 });
    c.send(event(1));
    assert.equal(await c.flush(5_000), true);
    assert.equal(s.requests.length, 2);
    assert.equal(c.metrics().retried, 1);
    await c.close(1_000);
  });

  test('a hang-up before the answer and one in the middle of it are retried', async () => {
    const s = await server((req, res, n) => {
      if (n === 0) return res.socket.destroy();
      if (n === 1) {
        res.writeHead(202, { 'Content-Type': 'application/json', 'Content-Length': '100' });
        res.write('{"accepted"');
        setTimeout(() => res.socket.destroy(), 20);
        return;
      }
      accepted(res, req);
    });
    const c = client(s.url);
    c.send(event(1));
    assert.equal(await c.flush(5_000), true);
    assert.equal(s.requests.length, 3);
    assert.deepEqual(c.metrics(), { sent: 1, retried: 2, dropped: 0, rejected: 0, failed: 0, buffered: 0 });
    await c.close(1_000);
  });

  test('429 with Retry-After in seconds is waited at least that long', async () => {
    const s = await server((req, res, n) =>
      n === 0 ? problem(res, 429, { code: 'quota_exceeded' }, { 'Retry-After': '1' }) : accepted(res, req),
    );
    const c = client(s.url, { backoffBaseMs: 1 });
    c.send(event(1));
    assert.equal(await c.flush(5_000), true);
    assert.equal(s.requests.length, 2);
    const waited = s.requests[1].at - s.requests[0].at;
    assert.ok(waited >= 990, `retried after ${waited} ms`);
    assert.equal(c.metrics().retried, 1);
    await c.close(1_000);
  });

  test('408 and 503 are retried; a Retry-After beyond the longest backoff ends the retries', async () => {
    const s = await server((req, res, n) => {
      if (n === 0) return problem(res, 408, {});
      if (n === 1) return problem(res, 503, { code: 'unavailable' }, { 'Retry-After': '3600' });
      accepted(res, req);
    });
    const { calls, listener } = recordingListener();
    const c = client(s.url, { listener });
    c.send(event(1));
    assert.equal(await c.flush(5_000), true);
    assert.equal(s.requests.length, 2);
    assert.equal(calls.failed.length, 1);
    assert.match(calls.failed[0].reason, /HTTP 503 with Retry-After beyond the longest backoff \(2000 ms\)/);
    assert.deepEqual(c.metrics(), { sent: 0, retried: 1, dropped: 0, rejected: 0, failed: 1, buffered: 0 });
    await c.close(1_000);
  });

  test('retries are bounded: maxRetries + 1 attempts, then failed', async () => {
    const s = await server((req, res) => problem(res, 503, { code: 'unavailable' }));
    const { calls, listener } = recordingListener();
    const c = client(s.url, { maxRetries: 3, listener });
    c.send(event(1));
    assert.equal(await c.flush(5_000), true);
    assert.equal(s.requests.length, 4);
    assert.equal(calls.failed[0].reason, 'gave up after 4 attempts: HTTP 503');
    assert.deepEqual(c.metrics(), { sent: 0, retried: 3, dropped: 0, rejected: 0, failed: 1, buffered: 0 });
    await c.close(1_000);
  });

  test('a refused connection is a network error: retried, then failed with the cause', async () => {
    const s = await server(() => {});
    const url = s.url;
    await s.close();
    const { calls, listener } = recordingListener();
    const c = client(url, { maxRetries: 1, listener });
    c.send(event(1));
    assert.equal(await c.flush(5_000), true);
    assert.match(calls.failed[0].reason, /^gave up after 2 attempts: .*ECONNREFUSED/);
    await c.close(1_000);
  });

  test('400 is never retried: rejected with the server\'s problem JSON', async () => {
    const body = {
      type: 'https://spendline.dev/problems/validation_failed',
      status: 400,
      code: 'validation_failed',
      errors: [{ pointer: '/events/0/tenantId', message: 'must not be empty; omit the field instead' }],
    };
    const s = await server((req, res) => problem(res, 400, body));
    const { calls, listener } = recordingListener();
    const c = client(s.url, { listener });
    c.send(event(1));
    c.send(event(2));
    assert.equal(await c.flush(5_000), true);
    assert.equal(s.requests.length, 1);
    assert.equal(calls.rejected.length, 1);
    assert.equal(calls.rejected[0].status, 400);
    assert.deepEqual(JSON.parse(calls.rejected[0].problemJson), body);
    assert.deepEqual(calls.rejected[0].items.map((i) => i.externalId), ['event-1', 'event-2']);
    assert.deepEqual(c.metrics(), { sent: 0, retried: 0, dropped: 0, rejected: 2, failed: 0, buffered: 0 });
    await c.close(1_000);
  });

  test('401 asks the credentials for a fresh token once', async () => {
    const s = await server((req, res) =>
      req.headers.authorization === 'Bearer fresh' ? accepted(res, req) : problem(res, 401, { code: 'unauthorized' }),
    );
    const unauthorized = [];
    let token = 'expired';
    const c = client(s.url, {
      apiKey: undefined,
      credentials: { token: async () => token, unauthorized: (t) => { unauthorized.push(t); token = 'fresh'; } },
    });
    c.send(event(1));
    assert.equal(await c.flush(5_000), true);
    assert.deepEqual(unauthorized, ['expired']);
    assert.deepEqual(c.metrics(), { sent: 1, retried: 1, dropped: 0, rejected: 0, failed: 0, buffered: 0 });

    token = 'still-wrong';
    const d = client(s.url, { apiKey: undefined, credentials: { token: () => 'wrong' } });
    d.send(event(2));
    assert.equal(await d.flush(5_000), true);
    assert.deepEqual(d.metrics(), { sent: 0, retried: 1, dropped: 0, rejected: 1, failed: 0, buffered: 0 });
    await Promise.all([c.close(1_000), d.close(1_000)]);
  });

  test('Retry-After is read as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    assert.equal(retryAfterMs('7', now), 7_000);
    assert.equal(retryAfterMs(' 0 ', now), 0);
    assert.equal(retryAfterMs('Fri, 27 Nov 2026 10:00:30 GMT', now), 30_000);
    assert.equal(retryAfterMs('Fri, 27 Nov 2026 09:00:00 GMT', now), 0);
    assert.equal(retryAfterMs('soon', now), 0);
    assert.equal(retryAfterMs('-5', now), 0);
    assert.equal(retryAfterMs(null, now), 0);
  });
});

describe('buffer, flush and close', () => {
  test('a full buffer drops the oldest item and counts it', async () => {
    const s = await server((req, res) => accepted(res, req));
    const { calls, listener } = recordingListener();
    const c = client(s.url, { bufferCapacity: 3, lingerMs: 60_000, listener });
    for (let i = 0; i < 5; i++) c.send(i === 3 ? row(3) : event(i));
    assert.equal(c.metrics().dropped, 2);
    assert.equal(c.metrics().buffered, 3);
    assert.equal(await c.flush(5_000), true);
    assert.deepEqual(calls.dropped.map((i) => i.externalId), ['event-0', 'event-1']);
    assert.deepEqual(s.items().map((i) => i.externalId), ['event-2', 'event-4', 'row-3']);
    assert.deepEqual(c.metrics(), { sent: 3, retried: 0, dropped: 2, rejected: 0, failed: 0, buffered: 0 });
    await c.close(1_000);
  });

  test('flush returns false at its deadline and the items keep being tried', async () => {
    let release;
    const s = await server((req, res, n) => {
      if (n === 0) release = () => accepted(res, req);
      else accepted(res, req);
    });
    const c = client(s.url, { requestTimeoutMs: 5_000 });
    c.send(event(1));
    const started = Date.now();
    assert.equal(await c.flush(150), false);
    const took = Date.now() - started;
    assert.ok(took >= 140 && took < 1_000, `flush took ${took} ms`);
    assert.equal(c.metrics().buffered, 1);
    await received(s, 1);
    release();
    assert.equal(await c.flush(5_000), true);
    assert.deepEqual(c.metrics(), { sent: 1, retried: 0, dropped: 0, rejected: 0, failed: 0, buffered: 0 });
    await c.close(1_000);
  });

  test('flush waits only for the items sent before it', async () => {
    const s = await server((req, res) => accepted(res, req));
    const c = client(s.url, { lingerMs: 60_000, batchSize: 1 });
    c.send(event(1));
    const flushed = c.flush(5_000);
    c.send(event(2)); // after the flush: it lingers on (a larger batch would take it along)
    assert.equal(await flushed, true);
    assert.deepEqual(s.items().map((i) => i.externalId), ['event-1']);
    assert.equal(c.metrics().buffered, 1);
    assert.equal(await c.close(5_000), true);
    assert.deepEqual(s.items().map((i) => i.externalId), ['event-1', 'event-2']);
  });

  test('close sends what is left without lingering, then drops and counts later sends', async () => {
    const s = await server((req, res) => accepted(res, req));
    const { calls, listener } = recordingListener();
    const c = client(s.url, { lingerMs: 60_000, listener });
    c.send(event(1));
    c.send(row(1));
    assert.equal(await c.close(5_000), true);
    assert.equal(s.requests.length, 2);
    c.send(event(2));
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(calls.dropped.map((i) => i.externalId), ['event-2']);
    assert.deepEqual(c.metrics(), { sent: 2, retried: 0, dropped: 1, rejected: 0, failed: 0, buffered: 0 });
    assert.equal(await c.close(5_000), true, 'a second close returns the first one\'s result');
  });

  test('close\'s deadline abandons the request in flight and fails everything left', async () => {
    const s = await server(() => {}); // never answers
    const { calls, listener } = recordingListener();
    const c = client(s.url, { batchSize: 2, requestTimeoutMs: 60_000, listener });
    for (let i = 0; i < 5; i++) c.send(event(i));
    await received(s, 1);
    const started = Date.now();
    assert.equal(await c.close(200), false);
    const took = Date.now() - started;
    assert.ok(took >= 190 && took < 1_500, `close took ${took} ms`);
    assert.equal(s.requests.length, 1);
    assert.deepEqual(calls.failed.map((f) => [f.items.length, f.reason]), [
      [2, 'client closed: its deadline passed before delivery'],
      [3, 'client closed before delivery'],
    ]);
    assert.deepEqual(c.metrics(), { sent: 0, retried: 0, dropped: 0, rejected: 0, failed: 5, buffered: 0 });
  });

  test('close\'s deadline also ends a backoff wait', async () => {
    const s = await server((req, res) => problem(res, 503, {}, { 'Retry-After': '1' }));
    const { calls, listener } = recordingListener();
    const c = client(s.url, { backoffMaxMs: 10_000, listener });
    c.send(event(1));
    await received(s, 1);
    await new Promise((r) => setTimeout(r, 50)); // the 503 is read; the client waits its Retry-After
    assert.equal(await c.close(100), false);
    assert.equal(s.requests.length, 1);
    assert.equal(calls.failed[0].reason, 'client closed: its deadline passed before delivery');
    assert.equal(c.metrics().failed, 1);
  });

  test('a listener that throws does not stop delivery', async () => {
    const s = await server((req, res) => accepted(res, req));
    const warnings = [];
    const c = client(s.url, {
      logger: { warn: (m) => warnings.push(m) },
      listener: { delivered: () => { throw new Error('boom'); } },
    });
    c.send(event(1));
    assert.equal(await c.flush(5_000), true);
    c.send(event(2));
    assert.equal(await c.flush(5_000), true);
    assert.equal(c.metrics().sent, 2);
    assert.equal(warnings.length, 2);
    assert.match(warnings[0], /a listener threw in delivered; ignored/);
    await c.close(1_000);
  });
});

describe('process exit', () => {
  const script = fileURLToPath(new URL('./support/exit-script.mjs', import.meta.url));

  function run(url, flushOnExit) {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [script, url, String(flushOnExit)], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      const started = Date.now();
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, out, took: Date.now() - started }));
    });
  }

  test('a lingering batch never keeps the process alive; flushOnExit sends it when the loop empties', async () => {
    const s = await server((req, res) => accepted(res, req));
    const without = await run(s.url, false);
    assert.equal(without.code, 0);
    assert.equal(s.requests.length, 0, 'nothing sent: the 60 s linger timer did not hold the process');
    assert.ok(without.took < 10_000);

    const withHook = await run(s.url, true);
    assert.equal(withHook.code, 0);
    assert.equal(s.requests.length, 1);
    assert.deepEqual(s.items().map((i) => i.externalId), ['exit-1', 'exit-2']);
    assert.match(withHook.out, /"sent":2/);
  });
});
