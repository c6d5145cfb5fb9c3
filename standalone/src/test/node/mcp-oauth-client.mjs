// An MCP client built on the official TypeScript SDK, signing in with OAuth exactly as an
// interactive client does: 401 -> protected resource metadata -> authorization server metadata ->
// dynamic registration -> the browser (driven by the Java test) -> the code on a loopback redirect
// -> tokens -> tools. It prints one JSON object a line on stdout for the test to read:
//   {"step":"authorize","url":...}   open this in the browser
//   {"step":"tools","names":[...]}   tools/list
//   {"step":"call","name":...,"isError":...,"structuredContent":...}
//   {"step":"refreshed","changed":true}
//   {"step":"done"}
// Argument: a JSON plan {serverUrl, calls: [{name, arguments}], afterRefresh: [{name, arguments}],
// writes: [{name, arguments}] (a confirm's arguments may say "$token" and "$phrase": the last
// prepare's; a call with "untilIncludes" is repeated until its result contains that text)}.
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';

const plan = JSON.parse(process.argv[2]);
const say = (o) => process.stdout.write(JSON.stringify(o) + '\n');

// The loopback redirect (RFC 8252): a port of our own, chosen now, as desktop clients do.
let codeArrived;
const code = new Promise((resolve) => (codeArrived = resolve));
const callback = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  if (url.pathname !== '/callback') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain' }).end('Signed in. You can close this window.');
  codeArrived({ code: url.searchParams.get('code'), error: url.searchParams.get('error') });
});
await new Promise((resolve) => callback.listen(0, '127.0.0.1', resolve));
const redirectUrl = `http://127.0.0.1:${callback.address().port}/callback`;

// What a client keeps between runs; here, in memory.
const kept = {};
const provider = {
  get redirectUrl() {
    return redirectUrl;
  },
  get clientMetadata() {
    return {
      client_name: 'Spendline test client (TypeScript SDK)',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  },
  clientInformation: () => kept.client,
  saveClientInformation: (c) => (kept.client = c),
  tokens: () => kept.tokens,
  saveTokens: (t) => (kept.tokens = t),
  redirectToAuthorization: (url) => say({ step: 'authorize', url: url.toString() }),
  saveCodeVerifier: (v) => (kept.verifier = v),
  codeVerifier: () => kept.verifier,
  saveDiscoveryState: (s) => (kept.discovery = s),
  discoveryState: () => kept.discovery,
};

const serverUrl = new URL(plan.serverUrl);
const connect = async () => {
  const client = new Client({ name: 'spendline-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }));
  return client;
};

// First contact: no token yet, so the SDK discovers, registers and sends the user to the browser.
try {
  await connect();
  throw new Error('expected the server to ask for authorization');
} catch (e) {
  if (!(e instanceof UnauthorizedError)) throw e;
}
const answer = await code;
callback.close();
if (answer.error || !answer.code) {
  say({ step: 'denied', error: answer.error });
  process.exit(3);
}
const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider });
await transport.finishAuth(answer.code);
say({ step: 'tokens', scope: kept.tokens.scope ?? null, hasRefreshToken: !!kept.tokens.refresh_token });

// The last prepared action's token and phrase, for a later "$token" / "$phrase" (also after a refresh).
const last = {};
const run = async (client, calls) => {
  for (const call of calls ?? []) {
    const args = JSON.parse(
      JSON.stringify(call.arguments ?? {})
        .replace('"$token"', JSON.stringify(last.token ?? null))
        .replace('"$phrase"', JSON.stringify(last.phrase ?? null))
    );
    let result = await client.callTool({ name: call.name, arguments: args });
    // A read of something just written (a budget a confirm created) is eventually consistent: the
    // definition reaches the stream processor's store a moment after the write is acknowledged.
    // "untilIncludes" repeats the call, as a client polling for it would, for up to 10 s.
    for (let waited = 0; call.untilIncludes && waited < 10000; waited += 100) {
      if (JSON.stringify(result.structuredContent ?? null).includes(call.untilIncludes)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
      result = await client.callTool({ name: call.name, arguments: args });
    }
    const structured = result.structuredContent ?? null;
    if (structured && structured.confirmationToken) {
      last.token = structured.confirmationToken;
      last.phrase = structured.confirmationPhrase;
    }
    say({
      step: 'call',
      name: call.name,
      isError: !!result.isError,
      structuredContent: structured,
      text: (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n'),
    });
  }
};

let client = await connect();
const tools = await client.listTools();
say({ step: 'tools', names: tools.tools.map((t) => t.name) });
await run(client, plan.calls);
await run(client, plan.writes);
await client.close();

// Refresh, as a client does when its access token runs out: a new pair, and the tools still answer.
const before = kept.tokens.access_token;
const refreshed = await auth(provider, { serverUrl });
say({ step: 'refreshed', result: refreshed, changed: kept.tokens.access_token !== before });
client = await connect();
await run(client, plan.afterRefresh);
await client.close();
say({ step: 'done' });
process.exit(0);
