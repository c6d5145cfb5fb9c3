// A local HTTP server that misbehaves on cue, standing in for Spendline's ingest endpoints: each
// request is handed to the test's `answer(request, response, n)` (n counts from 0), which may answer,
// stall, or hang up. Loopback only.
import { createServer } from 'node:http';

export async function misbehavingServer(answer) {
  const requests = [];
  const sockets = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request = { method: req.method, path: req.url, headers: req.headers, body, json: JSON.parse(body), at: Date.now() };
      requests.push(request);
      answer(request, res, requests.length - 1);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    /** Every item of every request, in order. */
    items: () => requests.flatMap((r) => r.json.events ?? r.json.rows),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(resolve);
      }),
  };
}

export function accepted(res, request) {
  const n = (request.json.events ?? request.json.rows).length;
  res.writeHead(202, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ accepted: n, receivedAt: new Date().toISOString() }));
}

export function problem(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/problem+json', ...headers });
  res.end(JSON.stringify(body));
}

/** Records every listener call, as an application's listener would. */
export function recordingListener() {
  const calls = { delivered: [], rejected: [], failed: [], dropped: [] };
  return {
    calls,
    listener: {
      delivered: (items) => calls.delivered.push(...items),
      rejected: (items, status, problemJson) => calls.rejected.push({ items, status, problemJson }),
      failed: (items, reason) => calls.failed.push({ items, reason }),
      dropped: (item) => calls.dropped.push(item),
    },
  };
}

export const quiet = { warn() {} };
