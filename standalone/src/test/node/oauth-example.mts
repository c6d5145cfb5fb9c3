// Sign in to Spendline's MCP server with OAuth and call a tool, with the official MCP TypeScript SDK.
// The SDK does the discovery (401 -> protected resource metadata -> authorization server),
// registers the client, sends the user to the browser and exchanges the code with PKCE; you give
// it a redirect URL, a place to keep what it learns, and a way to open the browser.
//
//   npm install @modelcontextprotocol/sdk tsx
//   SPENDLINE_MCP_URL=http://127.0.0.1:8080/api/mcp npx tsx oauth-example.mts
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

const serverUrl = new URL(process.env.SPENDLINE_MCP_URL ?? 'http://127.0.0.1:8080/api/mcp');

// The browser comes back to a loopback address of ours (RFC 8252) with the authorization code.
let codeArrived: (code: string) => void = () => {};
const code = new Promise<string>((resolve) => (codeArrived = resolve));
const callback = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const received = url.searchParams.get('code');
  res.writeHead(received ? 200 : 400, { 'content-type': 'text/plain' });
  res.end(received ? 'Signed in. You can close this window.' : `Not signed in: ${url.searchParams.get('error')}`);
  if (received) codeArrived(received);
});
await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
const redirectUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;

// What the SDK keeps between steps. A real client saves the client information and the tokens
// (in the OS keychain, say) so that the next run needs no browser.
let client: OAuthClientInformationFull | undefined;
let tokens: OAuthTokens | undefined;
let verifier = '';
const provider: OAuthClientProvider = {
  get redirectUrl() {
    return redirectUrl;
  },
  get clientMetadata() {
    return {
      client_name: 'My Spendline client',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  },
  clientInformation: () => client,
  saveClientInformation: (info) => {
    client = info;
  },
  tokens: () => tokens,
  saveTokens: (t) => {
    tokens = t;
  },
  // Open this in the user's browser (here it is printed); they sign in and pick a workspace.
  redirectToAuthorization: (url) => console.log(`Open this page to sign in: ${url}`),
  saveCodeVerifier: (v) => {
    verifier = v;
  },
  codeVerifier: () => verifier,
};

const connect = async () => {
  const mcp = new Client({ name: 'my-spendline-client', version: '1.0.0' });
  await mcp.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }));
  return mcp;
};

let mcp: Client;
try {
  mcp = await connect(); // with saved tokens, this is all it takes
} catch (e) {
  if (!(e instanceof UnauthorizedError)) throw e;
  // No token yet: the SDK has sent the user to the browser. Wait for the code, exchange it, retry.
  const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider });
  await transport.finishAuth(await code);
  mcp = await connect();
}
callback.close();

const { tools } = await mcp.listTools();
console.log(`Tools: ${tools.map((t) => t.name).join(', ')}`);
const result = await mcp.callTool({ name: 'spend_by', arguments: { by: 'feature', limit: 5 } });
for (const part of result.content as Array<{ type: string; text?: string }>) {
  if (part.type === 'text') console.log(part.text);
}
await mcp.close();
