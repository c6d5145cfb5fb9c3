// An application instrumented as docs/opentelemetry.md shows: OpenAI's Node SDK, traced by
// @opentelemetry/instrumentation-openai, exported by the OTLP/HTTP protobuf exporter configured only
// through OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS (and OTEL_RESOURCE_ATTRIBUTES).
// OpenAI's API is a local fake (node:http) answering a chat completion shaped like the real one.
// Prints {"usage": <the fake's usage>, "model": ..., "exported": true} once the span was exported.
//
// OpenTelemetryIT runs it against a real standalone. CommonJS, so that the instrumentation's
// require hook patches 'openai' when it is required below (ESM would need a loader flag).
'use strict';

const http = require('node:http');
const { trace } = require('@opentelemetry/api');
const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks');
const { context, diag, metrics, DiagConsoleLogger, DiagLogLevel } = require('@opentelemetry/api');
const { defaultResource, detectResources, envDetector } = require('@opentelemetry/resources');
const { TracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace');
const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-proto');
const { OpenAIInstrumentation } = require('@opentelemetry/instrumentation-openai');

const USAGE = {
  prompt_tokens: 1234,
  completion_tokens: 56,
  total_tokens: 1290,
  prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 },
  completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
};
const MODEL = 'gpt-4o-mini-2024-07-18';

function fakeOpenAi() {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
        return;
      }
      const request = JSON.parse(body);
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_fake_1' });
      res.end(JSON.stringify({
        id: 'chatcmpl-fake1',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: MODEL,
        choices: [{
          index: 0,
          message: { role: 'assistant', content: 'Paris.', refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: 'stop',
        }],
        usage: USAGE,
        service_tier: 'default',
        system_fingerprint: 'fp_fake',
        requested: request.model,
      }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main() {
  // An export the server refused (or a partial success) is printed on stderr, for the test's report.
  diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.WARN);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const provider = new TracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME (NodeSDK of @opentelemetry/sdk-node does this itself).
    resource: defaultResource().merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  trace.setGlobalTracerProvider(provider);
  const instrumentation = new OpenAIInstrumentation(); // enabled on construction: patches 'openai' when required
  // 0.22.0 creates its metric instruments in the base constructor, and its class fields then reset
  // them: without this call every traced chat call logs a TypeError (and records no metrics).
  instrumentation.setMeterProvider(metrics.getMeterProvider());
  const { OpenAI } = require('openai');

  const server = await fakeOpenAi();
  try {
    const client = new OpenAI({ apiKey: 'sk-fake', baseURL: `http://127.0.0.1:${server.address().port}/v1` });
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Capital of France?' }],
    });
    await provider.forceFlush();
    await provider.shutdown();
    process.stdout.write(JSON.stringify({ usage: completion.usage, model: completion.model, exported: true }) + '\n');
  } finally {
    server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
