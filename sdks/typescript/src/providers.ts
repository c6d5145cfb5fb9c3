import { type ProductEvent, type ProductEventFields, SpendlineValidationError, productEvent } from './items.js';
import { type CostEstimate, PriceBook } from './price-book.js';

/** The parts of an OpenAI chat completion (`client.chat.completions.create`) the helper reads. */
export interface OpenAIChatCompletionLike {
  id?: string | null;
  model?: string | null;
  /** Unix seconds. */
  created?: number | null;
  usage?: {
    prompt_tokens?: number | null;
    completion_tokens?: number | null;
    prompt_tokens_details?: { cached_tokens?: number | null } | null;
  } | null;
}

/** The parts of an OpenAI Responses API answer (`client.responses.create`) the helper reads. */
export interface OpenAIResponseLike {
  id?: string | null;
  model?: string | null;
  /** Unix seconds. */
  created_at?: number | null;
  usage?: {
    input_tokens?: number | null;
    output_tokens?: number | null;
    input_tokens_details?: { cached_tokens?: number | null } | null;
  } | null;
}

/** The parts of an Anthropic Messages answer (`client.messages.create`) the helper reads. */
export interface AnthropicMessageLike {
  id?: string | null;
  model?: string | null;
  usage?: {
    input_tokens?: number | null;
    output_tokens?: number | null;
    cache_read_input_tokens?: number | null;
    cache_creation_input_tokens?: number | null;
  } | null;
}

/**
 * What the helpers add to the response's usage: the identity, the attribution, and how to price.
 * Every attribution field of a product event may be given (`tenantId`, `feature`, `latencyMs`, …).
 */
export type EventOptions = Omit<
  ProductEventFields,
  'provider' | 'model' | 'promptTokens' | 'outputTokens' | 'costUsd' | 'totalTokens' | 'cacheReadTokens' | 'cacheWriteTokens' | 'source' | 'externalId'
> & {
  /**
   * Required: the stable name of your sender (`support-backend`). With the response's `id` as
   * `externalId`, a resend of the event is counted once.
   */
  source: string;
  /** The event's id at the source; default: the response's `id`. */
  externalId?: string;
  /** The provider as Spendline should show it; default `openai` / `anthropic`. */
  provider?: string;
  /** The prices to cost the call with; default: the book bundled with this package (the server's). */
  priceBook?: PriceBook;
  /** Told what the call cost, or that the book has no price for its model (then the event's `costUsd` is `0`). */
  onCost?: (cost: CostEstimate, event: ProductEvent) => void;
};

/** Where each OpenAI API puts the usage the helper reads. */
const OPENAI_CHAT = { input: 'prompt_tokens', output: 'completion_tokens', details: 'prompt_tokens_details', created: 'created' } as const;
const OPENAI_RESPONSES = { input: 'input_tokens', output: 'output_tokens', details: 'input_tokens_details', created: 'created_at' } as const;

/** Tokens as a product event counts them, and as the price book prices them. */
interface Usage {
  promptTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/**
 * A costed product event from an OpenAI answer: a chat completion (`usage.prompt_tokens`, which
 * includes `prompt_tokens_details.cached_tokens`, and `completion_tokens`) or a Responses API
 * answer (`usage.input_tokens`, `input_tokens_details.cached_tokens`, `output_tokens`). Cached
 * tokens become `cacheReadTokens`; the cost comes from the price book on the call's UTC day (the
 * answer's `created` / `created_at`, or `options.ts`), `"0"` when the model has no price.
 *
 * @throws SpendlineValidationError when the answer has no usage or id, or the options are invalid
 */
export function eventFromOpenAI(response: OpenAIChatCompletionLike | OpenAIResponseLike, options: EventOptions): ProductEvent {
  const usage = (response as { usage?: Record<string, unknown> | null } | null)?.usage;
  if (typeof usage !== 'object' || usage === null) {
    throw new SpendlineValidationError('OpenAI response', [
      'it has no usage (a streamed answer reports usage only with stream_options: { include_usage: true }, in its last chunk)',
    ]);
  }
  // A chat completion counts prompt_tokens / completion_tokens, the Responses API input / output tokens.
  const shape = 'prompt_tokens' in usage ? OPENAI_CHAT : OPENAI_RESPONSES;
  const details = usage[shape.details] as { cached_tokens?: number | null } | null | undefined;
  const tokens: Usage = {
    promptTokens: tokenCount(usage[shape.input], `usage.${shape.input}`),
    outputTokens: tokenCount(usage[shape.output], `usage.${shape.output}`),
    cacheReadTokens: tokenCount(details?.cached_tokens ?? 0, `usage.${shape.details}.cached_tokens`),
    cacheWriteTokens: 0,
  };
  const created = (response as Record<string, unknown>)[shape.created];
  return costedEvent('openai', response, tokens, unixSeconds(created), options);
}

/**
 * A costed product event from an Anthropic Messages answer. Anthropic's `usage.input_tokens`
 * excludes the cache, so `promptTokens` is `input_tokens + cache_read_input_tokens +
 * cache_creation_input_tokens` (Spendline counts all input), with `cacheReadTokens` and
 * `cacheWriteTokens` beside it. Priced as the server prices it: cache reads at the cached-input
 * price, cache writes as input. The call's day is `options.ts`, or now.
 *
 * @throws SpendlineValidationError when the answer has no usage or id, or the options are invalid
 */
export function eventFromAnthropic(message: AnthropicMessageLike, options: EventOptions): ProductEvent {
  const usage = message?.usage;
  if (typeof usage !== 'object' || usage === null) {
    throw new SpendlineValidationError('Anthropic message', [
      'it has no usage (for a stream, use the final message: stream.finalMessage())',
    ]);
  }
  const input = tokenCount(usage.input_tokens, 'usage.input_tokens');
  const cacheRead = tokenCount(usage.cache_read_input_tokens ?? 0, 'usage.cache_read_input_tokens');
  const cacheWrite = tokenCount(usage.cache_creation_input_tokens ?? 0, 'usage.cache_creation_input_tokens');
  const tokens: Usage = {
    promptTokens: input + cacheRead + cacheWrite,
    outputTokens: tokenCount(usage.output_tokens, 'usage.output_tokens'),
    cacheReadTokens: cacheRead,
    cacheWriteTokens: cacheWrite,
  };
  return costedEvent('anthropic', message, tokens, undefined, options);
}

function costedEvent(
  defaultProvider: string,
  response: { id?: string | null; model?: string | null },
  tokens: Usage,
  created: Date | undefined,
  options: EventOptions,
): ProductEvent {
  if (typeof options !== 'object' || options === null) {
    throw new SpendlineValidationError('product event', ['options are required: at least { source }']);
  }
  const { priceBook = PriceBook.bundled(), onCost, provider = defaultProvider, externalId, ...fields } = options;
  const problems: string[] = [];
  const model = response.model;
  if (typeof model !== 'string' || model === '') {
    problems.push('the response has no model');
  }
  const id = externalId ?? response.id;
  if (typeof id !== 'string' || id === '') {
    problems.push('the response has no id: pass externalId');
  }
  if (typeof options.source !== 'string' || options.source.trim() === '') {
    problems.push('source is required: the stable name of your sender, so that a resend counts once');
  }
  const at = options.ts === undefined || options.ts === null ? created ?? new Date() : new Date(options.ts);
  if (Number.isNaN(at.getTime())) {
    problems.push('ts is not a valid date-time');
  }
  if (problems.length > 0) {
    throw new SpendlineValidationError('product event', problems);
  }
  // The price book counts cache writes as input: all input minus the cache reads at the input price.
  const cost = priceBook.cost(provider, model!, at, {
    inputTokens: tokens.promptTokens,
    cachedInputTokens: tokens.cacheReadTokens,
    outputTokens: tokens.outputTokens,
  });
  const event = productEvent({
    status: 'success',
    ...fields,
    provider,
    model: model!,
    promptTokens: tokens.promptTokens,
    outputTokens: tokens.outputTokens,
    cacheReadTokens: tokens.cacheReadTokens,
    cacheWriteTokens: tokens.cacheWriteTokens === 0 ? undefined : tokens.cacheWriteTokens,
    costUsd: cost.costUsd,
    externalId: id!,
    // The event counts on the day it was priced for.
    ts: options.ts ?? at,
  });
  onCost?.(cost, event);
  return event;
}

function tokenCount(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new SpendlineValidationError('provider response', [`${name} must be a whole number of at least 0: ${String(value)}`]);
  }
  return value;
}

function unixSeconds(value: unknown): Date | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? new Date(value * 1000) : undefined;
}
