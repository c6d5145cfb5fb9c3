// An application instrumented as docs/opentelemetry.md shows, calling one provider's official
// Node SDK once: `node otel-genai.cjs openai` (traced by @opentelemetry/instrumentation-openai) or
// `node otel-genai.cjs anthropic` (traced by OpenLLMetry's @traceloop/instrumentation-anthropic).
// The spans are exported by the OTLP/HTTP protobuf exporter configured only through
// OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS (and OTEL_RESOURCE_ATTRIBUTES).
// The provider's API is a local fake (node:http) answering as the real one does, usage included.
// Prints {"usage": <the fake's usage>, "model": <the answer's model>} once the span was exported.
//
// OpenTelemetryIT runs it against a real standalone. CommonJS, so that the instrumentations'
// require hooks patch the SDKs when they are required below (ESM would need a loader flag).
'use strict';

const http = require('node:http');
const { trace } = require('@opentelemetry/api');
const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks');
const { context, diag, metrics, DiagConsoleLogger, DiagLogLevel } = require('@opentelemetry/api');
const { defaultResource, detectResources, envDetector } = require('@opentelemetry/resources');
const { TracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace');
const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-proto');

const PROVIDERS = {
  openai: {
    path: '/v1/chat/completions',
    answer: (request) => ({
      id: 'chatcmpl-fake1',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: 'gpt-4o-mini-2024-07-18',
      choices: [{
        index: 0,
        message: { role: 'assistant', content: 'Paris.', refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      }],
      usage: {
        prompt_tokens: 1234,
        completion_tokens: 56,
        total_tokens: 1290,
        prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
      service_tier: 'default',
      system_fingerprint: 'fp_fake',
    }),
    instrument: () => {
      const { OpenAIInstrumentation } = require('@opentelemetry/instrumentation-openai');
      const instrumentation = new OpenAIInstrumentation(); // enabled on construction
      // 0.22.0 creates its metric instruments in the base constructor, and its class fields then
      // reset them: without this call every traced call logs a TypeError (and records no metrics).
      instrumentation.setMeterProvider(metrics.getMeterProvider());
    },
    call: async (baseURL) => {
      const { OpenAI } = require('openai');
      const client = new OpenAI({ apiKey: 'sk-fake', baseURL: `${baseURL}/v1` });
      return client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Capital of France?' }],
      });
    },
  },
  anthropic: {
    path: '/v1/messages',
    answer: (request) => ({
      id: 'msg_fake1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      content: [{ type: 'text', text: 'Paris.' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      // Anthropic's input_tokens are the uncached ones; the cache's come apart.
      usage: { input_tokens: 20, cache_creation_input_tokens: 50, cache_read_input_tokens: 1000, output_tokens: 30, service_tier: 'standard' },
    }),
    instrument: () => {
      const { AnthropicInstrumentation } = require('@traceloop/instrumentation-anthropic');
      new AnthropicInstrumentation(); // enabled on construction
    },
    call: async (baseURL) => {
      const Anthropic = require('@anthropic-ai/sdk');
      const client = new (Anthropic.default || Anthropic)({ apiKey: 'sk-ant-fake', baseURL });
      return client.messages.create({
        model: 'claude-sonnet-4-5',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Capital of France?' }],
      });
    },
  },
};

function fakeProvider(provider) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== provider.path) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `not found: ${req.method} ${req.url}`, type: 'not_found_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_fake_1', 'x-request-id': 'req_fake_1' });
      res.end(JSON.stringify(provider.answer(JSON.parse(body))));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main() {
  const provider = PROVIDERS[process.argv[2]];
  if (!provider) {
    throw new Error(`usage: node otel-genai.cjs ${Object.keys(PROVIDERS).join('|')}`);
  }
  // An export the server refused (or a partial success) is printed on stderr, for the test's report.
  diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.WARN);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracing = new TracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME (NodeSDK of @opentelemetry/sdk-node does this itself).
    resource: defaultResource().merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  trace.setGlobalTracerProvider(tracing);
  provider.instrument();

  const server = await fakeProvider(provider);
  try {
    const answer = await provider.call(`http://127.0.0.1:${server.address().port}`);
    await tracing.forceFlush();
    await tracing.shutdown();
    process.stdout.write(JSON.stringify({ usage: answer.usage, model: answer.model }) + '\n');
  } finally {
    server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
