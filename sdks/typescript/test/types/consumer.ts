// Compiled (not run) by scripts/build.mjs against dist/*.d.ts: an application's use of the package
// type-checks, and misuse does not (each @ts-expect-error must be an error).
import {
  type ClientMetrics,
  type CostEstimate,
  type DeliveryListener,
  type Item,
  PriceBook,
  SpendlineClient,
  eventFromAnthropic,
  eventFromOpenAI,
  internalUsageRow,
  productEvent,
} from '../../dist/index.js';

// Shaped as openai's ChatCompletion and @anthropic-ai/sdk's Message types declare them.
interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: { index: number; message: { role: 'assistant'; content: string | null } }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number; prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number } };
}
interface Message {
  id: string;
  type: 'message';
  model: string;
  usage: { input_tokens: number; output_tokens: number; cache_creation_input_tokens: number | null; cache_read_input_tokens: number | null };
}
declare const completion: ChatCompletion;
declare const message: Message;

const listener: DeliveryListener = {
  rejected: (items: readonly Item[], status: number, problemJson: string) => console.error(items.length, status, problemJson),
};
const client = new SpendlineClient({ baseUrl: 'https://spendline.example.com', apiKey: 'spl_x', listener, flushOnExit: false });
client.send(eventFromOpenAI(completion, { source: 'web', tenantId: 'acme', onCost: (c: CostEstimate) => c.priced }));
client.send(eventFromAnthropic(message, { source: 'support', feature: 'summary', metadata: { region: 'eu', arm: ['b'] } }));
client.send(productEvent({ provider: 'openai', model: 'gpt-4o', promptTokens: 1, outputTokens: 1, costUsd: '0.1', status: 'success' }));
client.send(internalUsageRow({ sourceKey: 's', sourceKind: 'api', tool: 'cursor', employeeEmail: 'a@b.co', inputTokens: 1, outputTokens: 1 }));
const metrics: ClientMetrics = client.metrics();
const cost: string = PriceBook.bundled().cost('openai', 'gpt-4o', new Date(), { inputTokens: 1, outputTokens: 1 }).costUsd;
void Promise.all([client.flush(1000), client.close()]).then(([a, b]: [boolean, boolean]) => a && b && metrics.sent && cost);

// @ts-expect-error: a plain object is not an item
client.send({ provider: 'openai', model: 'gpt-4o', promptTokens: 1, outputTokens: 1, costUsd: '0.1' });
// @ts-expect-error: the helpers need a source
eventFromOpenAI(completion, { tenantId: 'acme' });
// @ts-expect-error: a field the API does not have
productEvent({ provider: 'openai', model: 'gpt-4o', promptTokens: 1, outputTokens: 1, costUsd: '0.1', tenant_id: 'x' });
// @ts-expect-error: costUsd is required
productEvent({ provider: 'openai', model: 'gpt-4o', promptTokens: 1, outputTokens: 1 });
