/**
 * `@spendline/client`: sends product events and internal AI-usage rows to Spendline
 * (docs/ingest.md) with the Java client's guarantees (docs/client.md), and turns OpenAI and
 * Anthropic answers into costed events with the server's own price book (docs/pricing.md).
 */
export {
  SpendlineClient,
  VERSION,
  type BearerCredentials,
  type ClientMetrics,
  type ClientOptions,
  type DeliveryListener,
  type Logger,
} from './client.js';
export {
  SpendlineValidationError,
  internalUsageRow,
  isInternalUsageRow,
  isProductEvent,
  productEvent,
  type InternalUsageRow,
  type InternalUsageRowFields,
  type Item,
  type JsonValue,
  type ProductEvent,
  type ProductEventFields,
  type Usd,
} from './items.js';
export { PriceBook, type CostEstimate, type ModelPrice, type TokenUsage } from './price-book.js';
export {
  eventFromAnthropic,
  eventFromOpenAI,
  type AnthropicMessageLike,
  type EventOptions,
  type OpenAIChatCompletionLike,
  type OpenAIResponseLike,
} from './providers.js';
