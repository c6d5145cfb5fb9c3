import { performance } from 'node:perf_hooks';
import { type Entry, ItemBuffer } from './buffer.js';
import { type InternalUsageRow, type Item, type Kind, KINDS, type ProductEvent, isInternalUsageRow, isProductEvent, itemJson } from './items.js';

/** The package's version, sent in the `User-Agent` header. */
export const VERSION = '0.1.0';

/** The server's limit is 5 MiB; a margin for the batch wrapper. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024 - 1024;

/**
 * Where the client gets its bearer: a workspace API key, or an OAuth access token your code
 * refreshes. Asked before each request.
 */
export interface BearerCredentials {
  /** The current bearer. A rejection (or a throw) is treated like a network error: retried. */
  token(): string | Promise<string>;
  /**
   * Called when the server answered `401` to `rejected`; the client then asks {@link token} again
   * and retries once. Drop a cached access token here.
   */
  unauthorized?(rejected: string): void;
}

/**
 * What happened to the items sent. Every item ends in exactly one of `delivered`, `rejected`,
 * `failed` or `dropped`. Never called from inside `send`; keep it quick. A listener that throws is
 * logged and ignored.
 */
export interface DeliveryListener {
  /** Accepted by Spendline (`2xx`): durable. */
  delivered?(items: readonly Item[]): void;
  /**
   * Refused with a `4xx` other than 401-then-ok, 408 and 429: never retried, since the same request
   * would fail again. `problemJson` is the answer's body (RFC 9457 problem JSON listing every
   * problem, with pointers such as `/events/3/costUsd`).
   */
  rejected?(items: readonly Item[], status: number, problemJson: string): void;
  /** Not delivered: retries exhausted, or the client closed before it could be sent. */
  failed?(items: readonly Item[], reason: string): void;
  /** Removed from a full buffer to make room (the oldest goes first), or sent after close. */
  dropped?(item: Item): void;
}

/** Counters since the client was made, all in items. */
export interface ClientMetrics {
  /** Accepted by Spendline (`2xx`). */
  readonly sent: number;
  /** Item re-sends: a batch of 10 sent a second time adds 10. */
  readonly retried: number;
  /** Removed from a full buffer, or sent after close. */
  readonly dropped: number;
  /** Refused with a non-retryable `4xx`. */
  readonly rejected: number;
  /** Given up: retries exhausted, or still unsent when close's deadline passed. */
  readonly failed: number;
  /** Sent by the caller and not settled yet (waiting or in flight), now. */
  readonly buffered: number;
}

/** Where warnings go (a listener that threw, items not delivered). */
export interface Logger {
  warn(message: string, ...details: unknown[]): void;
}

/** The client's settings; every one has a default but `baseUrl` and the credentials. */
export interface ClientOptions {
  /** Spendline's base URL, e.g. `https://spendline.example.com` (a path prefix is kept). */
  baseUrl: string | URL;
  /** A workspace API key (`spl_...`). Give this or `credentials`. */
  apiKey?: string;
  /** Bearer tokens from elsewhere, e.g. OAuth access tokens your code refreshes. */
  credentials?: BearerCredentials;
  /** Items held at most (default 10,000); when full, the oldest is dropped and counted. */
  bufferCapacity?: number;
  /** Items per request, 1 to 1000, the server's limit (default 500). */
  batchSize?: number;
  /** How long the oldest item may wait for a batch to fill, in ms (default 200); 0 sends at once. */
  lingerMs?: number;
  /** Connecting plus the whole answer, per attempt, in ms (default 10,000). */
  requestTimeoutMs?: number;
  /** Retries after the first attempt (default 5); 0 disables retries. */
  maxRetries?: number;
  /** Retry n waits a random time up to min(backoffMaxMs, backoffBaseMs·2ⁿ) (default 200 ms). */
  backoffBaseMs?: number;
  /** The longest backoff, and the longest `Retry-After` honoured: a longer one ends the retries (default 30,000 ms). */
  backoffMaxMs?: number;
  /** The deadline of `close()` without an argument, and of the flush at exit, in ms (default 5,000). */
  closeTimeoutMs?: number;
  /**
   * Close the client (send what is buffered, within `closeTimeoutMs`) when Node's event loop runs
   * empty (`process.on('beforeExit')`), so that a script that ends naturally loses nothing
   * (default true). It cannot run on `process.exit()` or a signal: call `close()` there.
   */
  flushOnExit?: boolean;
  /** Told how each item ended. */
  listener?: DeliveryListener;
  /** Where warnings go (default `console`); `null` for none. */
  logger?: Logger | null;
}

interface Settings {
  readonly baseUrl: string;
  readonly credentials: BearerCredentials;
  readonly requestTimeoutMs: number;
  readonly maxRetries: number;
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
  readonly closeTimeoutMs: number;
}

/** What one attempt got: an HTTP status (0 for a network error or timeout), its body, and hints. */
interface Answer {
  readonly status: number;
  readonly body: string;
  readonly token?: string;
  readonly retryAfterMs: number;
  readonly error?: string;
}

/** Thrown inside the sender when close's deadline passed: what is left is failed. */
class Stopped extends Error {}

/**
 * Sends product events and internal usage rows to Spendline without ever slowing the application
 * down — the guarantees of the Java client (docs/client.md), in Node:
 *
 * - `send` only puts the item in a bounded in-memory buffer and returns: no I/O, no JSON, no
 *   waiting. When the buffer is full the oldest item is dropped and counted.
 * - Batches of one kind (at most `batchSize`, after at most `lingerMs`) are written as JSON and
 *   posted to `/api/v1/events` or `/api/v1/internal-usage`, one request at a time. Its timers are
 *   `unref`'d: a waiting batch never keeps the process alive (see `flushOnExit`).
 * - Only what can succeed is retried: no answer (connection error, timeout), `5xx`, `408` and `429`
 *   (honouring `Retry-After`), at most `maxRetries` times with exponential backoff and full jitter.
 *   Any other `4xx` is reported as rejected with the server's problem JSON. A `401` asks the
 *   credentials for a fresh token once.
 * - `flush` and `close` wait, at most until their deadline, for what was sent before them.
 *
 * A retried batch may already have been accepted (the answer was lost): Spendline counts it once
 * only when its items carry an identity (`source` + `externalId` for events, `externalId` for rows).
 * Only the delivery is ever retried, never the provider call the item describes.
 */
export class SpendlineClient {
  readonly #buffer: ItemBuffer;
  readonly #settings: Settings;
  readonly #listener: DeliveryListener;
  readonly #logger: Logger | null;
  readonly #counters = { sent: 0, retried: 0, dropped: 0, rejected: 0, failed: 0 };
  readonly #waiters = new Set<{ before: number; resolve: (settled: boolean) => void }>();
  readonly #onBeforeExit: (() => void) | undefined;
  #pumping = false;
  /** Settles when the sender's current run ends (it never rejects). */
  #pumped: Promise<void> = Promise.resolve();
  #lingerTimer: ReturnType<typeof setTimeout> | undefined;
  #lingerAt = Number.POSITIVE_INFINITY;
  #stopped = false;
  #request: AbortController | undefined;
  #wake: (() => void) | undefined;
  #closing: Promise<boolean> | undefined;

  constructor(options: ClientOptions) {
    if (typeof options !== 'object' || options === null) {
      throw new TypeError('SpendlineClient needs options: { baseUrl, apiKey }');
    }
    const bufferCapacity = integer(options.bufferCapacity, 10_000, 1, Number.MAX_SAFE_INTEGER, 'bufferCapacity');
    const batchSize = integer(options.batchSize, 500, 1, 1000, 'batchSize');
    const lingerMs = milliseconds(options.lingerMs, 200, 0, 'lingerMs');
    const backoffBaseMs = milliseconds(options.backoffBaseMs, 200, 1, 'backoffBaseMs');
    const backoffMaxMs = milliseconds(options.backoffMaxMs, 30_000, 1, 'backoffMaxMs');
    if (backoffMaxMs < backoffBaseMs) {
      throw new RangeError(`backoffMaxMs must be at least backoffBaseMs: ${backoffMaxMs} < ${backoffBaseMs}`);
    }
    this.#settings = {
      baseUrl: baseUrl(options.baseUrl),
      credentials: credentials(options),
      requestTimeoutMs: milliseconds(options.requestTimeoutMs, 10_000, 1, 'requestTimeoutMs'),
      maxRetries: integer(options.maxRetries, 5, 0, 1_000, 'maxRetries'),
      backoffBaseMs,
      backoffMaxMs,
      closeTimeoutMs: milliseconds(options.closeTimeoutMs, 5_000, 0, 'closeTimeoutMs'),
    };
    this.#buffer = new ItemBuffer(bufferCapacity, batchSize, lingerMs);
    this.#listener = options.listener ?? {};
    this.#logger = options.logger === undefined ? console : options.logger;
    if (options.flushOnExit ?? true) {
      this.#onBeforeExit = () => {
        if (this.#closing === undefined && this.#buffer.unsettled() > 0) {
          void this.close();
        }
      };
      process.on('beforeExit', this.#onBeforeExit);
    }
  }

  /**
   * Queues a product event or usage row (made by `productEvent` / `internalUsageRow` or a response
   * helper) and returns at once: never blocks, never throws for a delivery reason, also after close.
   *
   * @throws TypeError when `item` was not made by `productEvent`, `internalUsageRow` or a helper
   */
  send(item: ProductEvent | InternalUsageRow): void {
    if (!isProductEvent(item) && !isInternalUsageRow(item)) {
      throw new TypeError('send takes an item made by productEvent(...), internalUsageRow(...) or a response helper');
    }
    const added = this.#buffer.add(item, performance.now());
    if (added.kind === 'added') {
      this.#schedule();
      return;
    }
    this.#counters.dropped++;
    const dropped = added.kind === 'closed' ? item : added.dropped;
    queueMicrotask(() => this.#notify('dropped', () => this.#listener.dropped?.(dropped)));
    if (added.kind === 'dropped-oldest') {
      this.#schedule();
    }
  }

  /**
   * Waits until every item sent before this call is settled (delivered, rejected, failed or
   * dropped), sending lingering batches at once.
   *
   * @returns true when settled, false when `timeoutMs` passed first (the items stay queued and keep being tried)
   */
  flush(timeoutMs: number): Promise<boolean> {
    milliseconds(timeoutMs, 0, 0, 'timeoutMs');
    const before = this.#buffer.sequence;
    this.#buffer.flushUpTo(before);
    this.#schedule();
    return this.#settledBefore(before, timeoutMs);
  }

  /**
   * Stops accepting items (later `send`s are dropped and counted), sends what is buffered without
   * lingering, and stops, all within `deadlineMs` (default `closeTimeoutMs`): what is still unsent
   * then (an in-flight request is abandoned) is reported as failed. Calling it again returns the
   * first call's result.
   *
   * @returns true when everything sent before was settled without being cut short by the deadline
   */
  close(deadlineMs: number = this.#settings.closeTimeoutMs): Promise<boolean> {
    if (this.#closing !== undefined) {
      return this.#closing;
    }
    milliseconds(deadlineMs, 0, 0, 'deadlineMs');
    if (this.#onBeforeExit !== undefined) {
      process.off('beforeExit', this.#onBeforeExit);
    }
    const failedBefore = this.#counters.failed;
    this.#buffer.close();
    this.#schedule();
    this.#closing = this.#settledBefore(this.#buffer.sequence, deadlineMs).then(async (settled) => {
      if (!settled) {
        // Abandon the request in flight (or the backoff wait): the sender fails what is left at once,
        // so every item is settled, and the listener told, before close returns.
        this.#stop();
        await this.#pumped;
      }
      clearTimeout(this.#lingerTimer);
      return settled && this.#counters.failed === failedBefore;
    });
    return this.#closing;
  }

  /** The counters now. */
  metrics(): ClientMetrics {
    return Object.freeze({ ...this.#counters, buffered: this.#buffer.unsettled() });
  }

  /** Resolves true once every item below `before` is settled, or false after `timeoutMs`. */
  #settledBefore(before: number, timeoutMs: number): Promise<boolean> {
    if (this.#buffer.settledBefore(before)) {
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      // Not unref'd: the caller is waiting for this answer, so the process must live until it.
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      const waiter = {
        before,
        resolve: (settled: boolean) => {
          clearTimeout(timer);
          resolve(settled);
        },
      };
      this.#waiters.add(waiter);
    });
  }

  #wakeWaiters(): void {
    for (const waiter of this.#waiters) {
      if (this.#buffer.settledBefore(waiter.before)) {
        this.#waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  }

  /** Starts the sender when a batch is due, or arms the linger timer for the oldest item. */
  #schedule(): void {
    if (this.#pumping || this.#stopped) {
      return;
    }
    this.#pumping = true;
    // The batch is taken, written and posted after `send` has returned, never inside it.
    this.#pumped = new Promise((resolve) => setImmediate(() => void this.#pump().then(resolve)));
  }

  async #pump(): Promise<void> {
    try {
      while (!this.#stopped) {
        const next = this.#buffer.next(performance.now());
        if (next.kind === 'idle') {
          return;
        }
        if (next.kind === 'wait') {
          this.#armLinger(next.ms);
          return;
        }
        try {
          await this.#deliver(next.itemKind, next.batch);
        } finally {
          this.#buffer.settled();
          this.#wakeWaiters();
        }
      }
    } catch (e) {
      if (!(e instanceof Stopped)) {
        this.#logger?.warn('Spendline client: the sender stopped unexpectedly', e);
        this.#stop();
      }
    } finally {
      this.#pumping = false;
      if (this.#stopped) {
        this.#failLeft();
      }
      this.#wakeWaiters();
    }
  }

  #armLinger(ms: number): void {
    const at = performance.now() + ms;
    if (this.#lingerTimer !== undefined && this.#lingerAt <= at) {
      return;
    }
    clearTimeout(this.#lingerTimer);
    this.#lingerAt = at;
    // Unref'd: a batch waiting to fill never keeps the process alive (flushOnExit sends it).
    this.#lingerTimer = setTimeout(() => {
      this.#lingerTimer = undefined;
      this.#lingerAt = Number.POSITIVE_INFINITY;
      this.#schedule();
    }, Math.max(0, Math.ceil(ms)));
    this.#lingerTimer.unref();
  }

  /** Close's deadline passed: abandon the request in flight and fail everything left. */
  #stop(): void {
    if (this.#stopped) {
      return;
    }
    this.#stopped = true;
    this.#buffer.close();
    this.#request?.abort();
    this.#wake?.();
    if (!this.#pumping) {
      this.#failLeft();
    }
  }

  #failLeft(): void {
    const left = this.#buffer.drainAll();
    if (left.length > 0) {
      this.#fail(left, 'client closed before delivery');
    }
    this.#wakeWaiters();
  }

  /** Writes the batch as JSON, split so a body stays under the server's limit, and posts each part. */
  async #deliver(kind: Kind, batch: Entry[]): Promise<void> {
    const chunks: { items: Item[]; json: string[] }[] = [];
    let bytes = MAX_BODY_BYTES;
    for (const { item } of batch) {
      let json: string;
      try {
        json = itemJson(item);
      } catch (e) {
        this.#fail([item], 'could not be written as JSON: ' + describe(e));
        continue;
      }
      const length = Buffer.byteLength(json) + 1;
      if (bytes + length > MAX_BODY_BYTES) {
        chunks.push({ items: [], json: [] });
        bytes = 0;
      }
      chunks.at(-1)!.items.push(item);
      chunks.at(-1)!.json.push(json);
      bytes += length;
    }
    for (let i = 0; i < chunks.length; i++) {
      try {
        await this.#post(kind, chunks[i]!.items, `{"${KINDS[kind].field}":[${chunks[i]!.json.join(',')}]}`);
      } catch (e) {
        if (e instanceof Stopped) {
          for (let j = i; j < chunks.length; j++) {
            this.#fail(chunks[j]!.items, 'client closed: its deadline passed before delivery');
          }
          this.#failLeft();
        }
        throw e;
      }
    }
  }

  /** One batch until it is delivered, rejected or given up. */
  async #post(kind: Kind, items: Item[], body: string): Promise<void> {
    const url = this.#settings.baseUrl + KINDS[kind].path;
    let reauthorized = false;
    for (let attempt = 0; ; attempt++) {
      const answer = await this.#attempt(url, body);
      if (this.#stopped) {
        throw new Stopped();
      }
      if (answer.status >= 200 && answer.status < 300) {
        this.#counters.sent += items.length;
        this.#notify('delivered', () => this.#listener.delivered?.(items));
        return;
      }
      if (answer.status === 401 && !reauthorized && answer.token !== undefined) {
        // The token may just have expired: let the credentials refresh, then try once more.
        reauthorized = true;
        const rejected = answer.token;
        this.#notify('unauthorized', () => this.#settings.credentials.unauthorized?.(rejected));
        this.#counters.retried += items.length;
        attempt--;
        continue;
      }
      if (!retryable(answer.status)) {
        this.#counters.rejected += items.length;
        this.#notify('rejected', () => this.#listener.rejected?.(items, answer.status, answer.body));
        return;
      }
      if (attempt >= this.#settings.maxRetries) {
        this.#fail(items, `gave up after ${attempt + 1} attempt${attempt === 0 ? '' : 's'}: ${describeAnswer(answer)}`);
        return;
      }
      let delay = fullJitterMs(attempt, this.#settings.backoffBaseMs, this.#settings.backoffMaxMs);
      if (answer.retryAfterMs > 0) {
        if (answer.retryAfterMs > this.#settings.backoffMaxMs) {
          this.#fail(
            items,
            `${describeAnswer(answer)} with Retry-After beyond the longest backoff (${this.#settings.backoffMaxMs} ms)`,
          );
          return;
        }
        delay = Math.max(delay, answer.retryAfterMs);
      }
      await this.#sleep(delay);
      this.#counters.retried += items.length;
    }
  }

  /** Waits between attempts; close's deadline ends the wait at once. Unref'd, as linger. */
  #sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#wake = undefined;
        resolve();
      }, ms);
      timer.unref();
      this.#wake = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        reject(new Stopped());
      };
    });
  }

  /** One request; never throws. */
  async #attempt(url: string, body: string): Promise<Answer> {
    let token: string;
    try {
      token = await this.#settings.credentials.token();
    } catch (e) {
      return failure('credentials: ' + describe(e));
    }
    if (typeof token !== 'string' || token.trim() === '') {
      return failure('credentials gave no token');
    }
    const controller = new AbortController();
    this.#request = controller;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.#settings.requestTimeoutMs);
    timer.unref();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: 'Bearer ' + token,
          'User-Agent': 'spendline-client-typescript/' + VERSION,
        },
        body,
        redirect: 'manual',
        signal: controller.signal,
      });
      // Read within the same timeout: a server that stalls mid-answer is no answer.
      const text = await response.text();
      return { status: response.status, body: text, token, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
    } catch (e) {
      if (timedOut) {
        return failure(`no answer within ${this.#settings.requestTimeoutMs} ms`);
      }
      return failure(this.#stopped ? 'client closed' : describe(e));
    } finally {
      clearTimeout(timer);
      this.#request = undefined;
    }
  }

  #fail(items: Item[], reason: string): void {
    this.#counters.failed += items.length;
    this.#logger?.warn(`Spendline client: ${items.length} item(s) not delivered: ${reason}`);
    this.#notify('failed', () => this.#listener.failed?.(items, reason));
  }

  #notify(what: string, callback: () => void): void {
    try {
      callback();
    } catch (e) {
      this.#logger?.warn(`Spendline client: a listener threw in ${what}; ignored`, e);
    }
  }
}

/** 5xx, 408, 429 and no answer at all; every other 4xx would fail the same way again. */
function retryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * Full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"): uniform in
 * [0, min(cap, base·2^attempt)], so that many senders retrying after one outage spread out.
 */
export function fullJitterMs(attempt: number, baseMs: number, capMs: number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 1000));
  return Math.random() * ceiling;
}

/** `Retry-After` in seconds or as an HTTP date (RFC 9110 section 10.2.3), in ms; 0 when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number = Date.now()): number {
  if (header === null) {
    return 0;
  }
  const value = header.trim();
  if (/^\d+$/.test(value)) {
    return Number(value) * 1000;
  }
  const at = Date.parse(value);
  return Number.isNaN(at) || !/[a-z]/i.test(value) ? 0 : Math.max(0, at - nowMs);
}

function failure(reason: string): Answer {
  return { status: 0, body: '', retryAfterMs: 0, error: reason };
}

function describeAnswer(answer: Answer): string {
  return answer.status === 0 ? answer.error! : 'HTTP ' + answer.status;
}

/** An error as one line, with the network cause undici hides behind "fetch failed". */
function describe(e: unknown): string {
  if (!(e instanceof Error)) {
    return String(e);
  }
  const cause = (e as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? `${cause.name}: ${(cause as { code?: string }).code ?? cause.message}` : '';
  return `${e.name}: ${e.message}${detail === '' ? '' : ' (' + detail + ')'}`;
}

function baseUrl(value: string | URL): string {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new TypeError(`baseUrl must be an absolute http(s) URL: ${String(value)}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.search !== '' || url.hash !== '') {
    throw new TypeError(`baseUrl must be an absolute http(s) URL without query or fragment: ${String(value)}`);
  }
  return url.href.replace(/\/+$/, '');
}

function credentials(options: ClientOptions): BearerCredentials {
  if (options.credentials !== undefined && options.apiKey !== undefined) {
    throw new TypeError('give apiKey or credentials, not both');
  }
  if (options.credentials !== undefined) {
    if (typeof options.credentials?.token !== 'function') {
      throw new TypeError('credentials must have a token() method');
    }
    return options.credentials;
  }
  const key = options.apiKey;
  if (typeof key !== 'string' || key.trim() === '') {
    throw new TypeError('the API key is empty: set apiKey (spl_...) or credentials');
  }
  return { token: () => key };
}

function integer(value: number | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined) {
    return fallback;
  }
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}: ${String(value)}`);
  }
  return value;
}

function milliseconds(value: number | undefined, fallback: number, min: number, name: string): number {
  if (value === undefined) {
    return fallback;
  }
  // setTimeout's limit: a longer delay fires at once.
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > 2_147_483_647) {
    throw new RangeError(`${name} must be a number of milliseconds from ${min} to 2147483647: ${String(value)}`);
  }
  return value;
}
