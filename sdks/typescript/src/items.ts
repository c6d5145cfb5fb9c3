import { parseDecimal, plainNumber } from './money.js';

/** A JSON value that metadata may hold. */
export type JsonValue = string | number | boolean | null | bigint | JsonValue[] | { [key: string]: JsonValue };

/** An exact USD amount: a plain decimal string (`"0.0183"`, never through a float) or a finite number. */
export type Usd = string | number;

/**
 * The fields of one LLM call made by your product (`POST /api/v1/events`, docs/ingest.md section 3),
 * named as the API names them. `undefined` and `null` mean absent.
 */
export interface ProductEventFields {
  /** Required, e.g. `openai`. */
  provider: string;
  /** Required, e.g. `gpt-4o-mini`. */
  model: string;
  /** Required: all input tokens, including cache reads and writes. */
  promptTokens: number;
  /** Required: generated output tokens. */
  outputTokens: number;
  /** Required: the call's cost in USD, exact; `0` when unknown (tokens still count). */
  costUsd: Usd;
  /** Stable name of the sender; requires `externalId`. With it, a resend is counted once. */
  source?: string | null;
  /** Stable id of this call at the source (the provider's response id); requires `source`. */
  externalId?: string | null;
  /** When the call happened (a Date, or an ISO 8601 string with an offset); absent: when Spendline receives it. */
  ts?: Date | string | null;
  totalTokens?: number | null;
  cacheReadTokens?: number | null;
  cacheWriteTokens?: number | null;
  latencyMs?: number | null;
  /** `success` or `error`. */
  status?: 'success' | 'error' | null;
  feature?: string | null;
  /** Paying customer or account: the key field for customer margin. */
  tenantId?: string | null;
  userId?: string | null;
  agentId?: string | null;
  workflowId?: string | null;
  runId?: string | null;
  stepId?: string | null;
  toolName?: string | null;
  retryCount?: number | null;
  outcome?: string | null;
  /** Additional safe context (no prompts, outputs or secrets): strings, numbers, booleans, null, objects, arrays. */
  metadata?: { [key: string]: JsonValue } | null;
}

/**
 * The fields of one employee's use of an AI tool (`POST /api/v1/internal-usage`, docs/ingest.md
 * section 4). `undefined` and `null` mean absent.
 */
export interface InternalUsageRowFields {
  /** Required: identifier of the sending source. */
  sourceKey: string;
  sourceName?: string | null;
  /** Required: `collector`, `api`, `billing_export`, `import` or `ci`. */
  sourceKind: 'collector' | 'api' | 'billing_export' | 'import' | 'ci' | (string & {});
  /** Required: a lower-case slug such as `claude_code`. */
  tool: string;
  /** `coding_agent`, `code_completion`, `chat_assistant`, `api` or `other` (the default). */
  category?: 'coding_agent' | 'code_completion' | 'chat_assistant' | 'api' | 'other' | (string & {}) | null;
  /** Required. */
  employeeEmail: string;
  employeeName?: string | null;
  teamName?: string | null;
  provider?: string | null;
  model?: string | null;
  /** Required: input tokens, including cached input. */
  inputTokens: number;
  cachedInputTokens?: number | null;
  /** Required. */
  outputTokens: number;
  /** `reported`, `price_book` or `subscription`; absent: reported when `costUsd` is given, else price_book. */
  costBasis?: 'reported' | 'price_book' | 'subscription' | (string & {}) | null;
  ts?: Date | string | null;
  /** The source's exact cost in USD (required for reported, absent for price_book). */
  costUsd?: Usd | null;
  /** Stable id of the row at the source: a resend with the same (`sourceKey`, `externalId`) counts once. */
  externalId?: string | null;
}

const EVENT = Symbol('spendline.productEvent');
const ROW = Symbol('spendline.internalUsageRow');

/** A checked, frozen product event, made by {@link productEvent}. */
export type ProductEvent = Readonly<Omit<ProductEventFields, 'costUsd' | 'ts'>> & {
  readonly costUsd: string;
  readonly ts?: string;
  readonly [EVENT]: true;
};

/** A checked, frozen internal usage row, made by {@link internalUsageRow}. */
export type InternalUsageRow = Readonly<Omit<InternalUsageRowFields, 'costUsd' | 'ts'>> & {
  readonly costUsd?: string;
  readonly ts?: string;
  readonly [ROW]: true;
};

/** What {@link SpendlineClient.send} takes. Events and rows always travel in separate batches. */
export type Item = ProductEvent | InternalUsageRow;

/** A value given to {@link productEvent} or {@link internalUsageRow} that could never be accepted. */
export class SpendlineValidationError extends TypeError {
  /** Every problem, e.g. `provider is required`. */
  readonly problems: readonly string[];

  constructor(kind: string, problems: string[]) {
    super(`Invalid ${kind}: ${problems.join('; ')}`);
    this.name = 'SpendlineValidationError';
    this.problems = Object.freeze([...problems]);
  }
}

// The documented fields in the order the server's own client writes them.
const EVENT_STRINGS = ['feature', 'tenantId', 'userId', 'agentId', 'workflowId', 'runId', 'stepId', 'toolName'] as const;
const EVENT_FIELDS = [
  'provider',
  'model',
  'promptTokens',
  'outputTokens',
  'costUsd',
  'source',
  'externalId',
  'ts',
  'totalTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
  'latencyMs',
  'status',
  ...EVENT_STRINGS,
  'retryCount',
  'outcome',
  'metadata',
] as const;
const ROW_FIELDS = [
  'sourceKey',
  'sourceName',
  'sourceKind',
  'tool',
  'category',
  'employeeEmail',
  'employeeName',
  'teamName',
  'provider',
  'model',
  'inputTokens',
  'cachedInputTokens',
  'outputTokens',
  'costBasis',
  'ts',
  'costUsd',
  'externalId',
] as const;
const EVENT_COUNTS = new Set(['promptTokens', 'outputTokens', 'totalTokens', 'cacheReadTokens', 'cacheWriteTokens', 'latencyMs', 'retryCount']);
const ROW_COUNTS = new Set(['inputTokens', 'cachedInputTokens', 'outputTokens']);

/**
 * A product event, checked and frozen (a copy: changing `fields` later changes nothing). Refuses
 * only what the server could never accept — a missing required field, a field the API does not
 * have (`tenant_id`), a value of the wrong type, a negative or fractional token count, a lone
 * `source` or `externalId`, a negative or malformed cost, an invalid `ts`, metadata JSON cannot
 * carry — all listed at once. Lengths, ranges and the other rules are the server's, whose answer
 * reaches {@link DeliveryListener.rejected}.
 *
 * @throws SpendlineValidationError listing every problem
 */
export function productEvent(fields: ProductEventFields): ProductEvent {
  const problems: string[] = [];
  const out = check(fields, EVENT_FIELDS, EVENT_COUNTS, ['provider', 'model', 'promptTokens', 'outputTokens', 'costUsd'], 'product event', problems);
  if (out.status !== undefined && typeof out.status === 'string' && out.status !== 'success' && out.status !== 'error') {
    problems.push("status must be 'success' or 'error'");
  }
  identity(out.source, out.externalId, problems);
  if (problems.length > 0) {
    throw new SpendlineValidationError('product event', problems);
  }
  Object.defineProperty(out, EVENT, { value: true });
  return Object.freeze(out) as ProductEvent;
}

/**
 * An internal usage row, checked and frozen (a copy). Refuses only what could never be accepted (as
 * {@link productEvent}); the value lists, the e-mail shape and the cost-basis rules are the server's.
 *
 * @throws SpendlineValidationError listing every problem
 */
export function internalUsageRow(fields: InternalUsageRowFields): InternalUsageRow {
  const problems: string[] = [];
  const out = check(fields, ROW_FIELDS, ROW_COUNTS, ['sourceKey', 'sourceKind', 'tool', 'employeeEmail', 'inputTokens', 'outputTokens'], 'internal usage row', problems);
  if (problems.length > 0) {
    throw new SpendlineValidationError('internal usage row', problems);
  }
  Object.defineProperty(out, ROW, { value: true });
  return Object.freeze(out) as InternalUsageRow;
}

/** True for an item made by {@link productEvent}. */
export function isProductEvent(item: unknown): item is ProductEvent {
  return typeof item === 'object' && item !== null && (item as { [EVENT]?: true })[EVENT] === true;
}

/** True for an item made by {@link internalUsageRow}. */
export function isInternalUsageRow(item: unknown): item is InternalUsageRow {
  return typeof item === 'object' && item !== null && (item as { [ROW]?: true })[ROW] === true;
}

function check(
  fields: object,
  known: readonly string[],
  counts: Set<string>,
  required: readonly string[],
  kind: string,
  problems: string[],
): Record<string, unknown> {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw new SpendlineValidationError(kind, [`a ${kind} must be an object of its fields`]);
  }
  const given = fields as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!known.includes(name)) {
      problems.push(`${name} is not a known field of ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`);
    }
  }
  const out: Record<string, unknown> = {};
  for (const name of known) {
    const value = given[name];
    if (value === undefined || value === null) {
      if (required.includes(name)) {
        problems.push(`${name} is required`);
      }
      continue;
    }
    let checked: unknown;
    if (counts.has(name)) {
      checked = wholeNumber(value, name, required.includes(name), problems);
    } else if (name === 'costUsd') {
      checked = usd(value, name, problems);
    } else if (name === 'ts') {
      checked = timestamp(value, problems);
    } else if (name === 'metadata') {
      checked = metadata(value, problems);
    } else if (typeof value !== 'string') {
      problems.push(`${name} must be a string`);
    } else {
      checked = value;
    }
    if (checked !== undefined) {
      out[name] = checked;
    }
  }
  return out;
}

function identity(source: unknown, externalId: unknown, problems: string[]): void {
  if (source === undefined && externalId !== undefined) {
    problems.push('source is required when externalId is given');
  } else if (source !== undefined && externalId === undefined) {
    problems.push('externalId is required when source is given');
  }
}

function wholeNumber(value: unknown, name: string, notNegative: boolean, problems: string[]): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    problems.push(`${name} must be a number`);
  } else if (!Number.isSafeInteger(value)) {
    problems.push(`${name} must be a whole number`);
  } else if (notNegative && value < 0) {
    problems.push(`${name} must not be negative`);
  } else {
    return value;
  }
  return undefined;
}

/** An exact USD amount as the plain decimal the JSON will carry. */
function usd(value: unknown, name: string, problems: string[]): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      problems.push(`${name} must be a finite number`);
      return undefined;
    }
    if (value < 0) {
      problems.push(`${name} must not be negative`);
      return undefined;
    }
    return plainNumber(value);
  }
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('-') && parseDecimal(trimmed.slice(1)) !== undefined) {
      problems.push(`${name} must not be negative`);
      return undefined;
    }
    if (parseDecimal(trimmed) === undefined) {
      problems.push(`${name} must be a plain decimal such as "0.0183"`);
      return undefined;
    }
    // JSON numbers have no leading zeros ("007.50" would make the whole batch malformed JSON).
    return trimmed.replace(/^0+(?=\d)/, '');
  }
  problems.push(`${name} must be a decimal string such as "0.0183" or a number`);
  return undefined;
}

/** A Date as an ISO-8601 instant; a string is sent as given (the server checks its offset and range). */
function timestamp(value: unknown, problems: string[]): string | undefined {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      problems.push('ts is an invalid Date');
      return undefined;
    }
    return value.toISOString();
  }
  if (typeof value === 'string') {
    if (!/(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) || Number.isNaN(Date.parse(value))) {
      problems.push('ts must be an ISO 8601 date-time with an offset, e.g. 2026-11-22T10:15:30Z');
      return undefined;
    }
    return value;
  }
  problems.push('ts must be a Date or an ISO 8601 string');
  return undefined;
}

/** A frozen deep copy made of what JSON can carry. */
function metadata(value: unknown, problems: string[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push('metadata must be an object');
    return undefined;
  }
  const before = problems.length;
  const copy = copyValue(value, 'metadata', problems, new Set());
  return problems.length === before ? copy : undefined;
}

function copyValue(value: unknown, path: string, problems: string[], seen: Set<object>): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint') {
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      problems.push(`${path} is not a finite number`);
    }
    return value;
  }
  if (typeof value === 'object') {
    if (seen.has(value)) {
      problems.push(`${path} refers back to itself`);
      return undefined;
    }
    seen.add(value);
    try {
      if (Array.isArray(value)) {
        return Object.freeze(value.map((v, i) => copyValue(v, `${path}/${i}`, problems, seen)));
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        problems.push(`${path} is a ${value.constructor?.name ?? 'class instance'}; metadata holds strings, numbers, booleans, null, objects and arrays`);
        return undefined;
      }
      const copy: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        // As JSON.stringify does: an undefined entry is no entry.
        if (v !== undefined) {
          copy[k] = copyValue(v, `${path}/${k}`, problems, seen);
        }
      }
      return Object.freeze(copy);
    } finally {
      seen.delete(value);
    }
  }
  problems.push(`${path} is ${value === undefined ? 'undefined' : 'a ' + typeof value}; metadata holds strings, numbers, booleans, null, objects and arrays`);
  return undefined;
}

/** The endpoint and batch field of each kind. */
export const KINDS = {
  events: { path: '/api/v1/events', field: 'events', fields: EVENT_FIELDS },
  rows: { path: '/api/v1/internal-usage', field: 'rows', fields: ROW_FIELDS },
} as const;

export type Kind = keyof typeof KINDS;

export function kindOf(item: Item): Kind {
  return isProductEvent(item) ? 'events' : 'rows';
}

/**
 * The item as the JSON the ingest endpoints read: fields in the documented order, absent ones left
 * out, money written as the exact decimal held (`0.00000001`, never `1e-8`).
 */
export function itemJson(item: Item): string {
  const fields = KINDS[kindOf(item)].fields;
  const parts: string[] = [];
  const values = item as unknown as Record<string, unknown>;
  for (const name of fields) {
    const value = values[name];
    if (value === undefined) {
      continue;
    }
    parts.push(JSON.stringify(name) + ':' + (name === 'costUsd' ? (value as string) : jsonValue(value)));
  }
  return '{' + parts.join(',') + '}';
}

function jsonValue(value: unknown): string {
  if (typeof value === 'bigint') {
    return value.toString();
  }
  if (Array.isArray(value)) {
    return '[' + value.map(jsonValue).join(',') + ']';
  }
  if (typeof value === 'object' && value !== null) {
    return '{' + Object.entries(value).map(([k, v]) => JSON.stringify(k) + ':' + jsonValue(v)).join(',') + '}';
  }
  return JSON.stringify(value);
}
