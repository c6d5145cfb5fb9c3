// A webhook receiver for WebhooksIT that checks every request with the Standard Webhooks reference
// verifier (npm "standardwebhooks", pinned in package.json), the way a customer's receiver would.
//
// Paths:  /ok/<name>      verifies and answers 202
//         /flaky/<name>   answers 500, then hangs (never answers that request), then 202 from the third on
//         /redirect/<n>   answers 307 to /ok/<n> (Spendline must not follow it)
// Control (never called by Spendline): POST /_secrets/<name> with a JSON array of secrets to verify with;
//         GET /_log answers every request received so far.
// Every received request is logged with, for each secret of its name: whether it verified, whether the
// same request with a tampered body was refused, and whether it was refused with a timestamp 10 minutes old.
// Prints {"port": N} on its first line of output once it listens.
import { createServer } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { Webhook } = require("standardwebhooks");

const secrets = new Map();
const log = [];
const seen = new Map();

function check(secret, body, headers) {
  const wh = new Webhook(secret);
  const verdict = { verified: false, tamperedRefused: false, oldRefused: false, error: null };
  try {
    wh.verify(body, headers);
    verdict.verified = true;
  } catch (e) {
    verdict.error = String(e.message || e);
  }
  try {
    wh.verify(body.replace(/}$/, ',"tampered":true}'), headers);
  } catch (e) {
    verdict.tamperedRefused = true;
  }
  try {
    const old = { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 600) };
    wh.verify(body, old);
  } catch (e) {
    verdict.oldRefused = /too old/i.test(String(e.message));
  }
  return verdict;
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    const [, kind, name] = req.url.split("/");
    if (kind === "_secrets" && req.method === "POST") {
      secrets.set(name, JSON.parse(body));
      res.writeHead(204).end();
      return;
    }
    if (kind === "_log") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(log));
      return;
    }
    const headers = {
      "webhook-id": req.headers["webhook-id"],
      "webhook-timestamp": req.headers["webhook-timestamp"],
      "webhook-signature": req.headers["webhook-signature"],
    };
    const count = (seen.get(req.url) || 0) + 1;
    seen.set(req.url, count);
    const entry = {
      path: req.url,
      n: count,
      receivedAt: Date.now(),
      method: req.method,
      contentType: req.headers["content-type"],
      ...headers,
      body,
      checks: (secrets.get(name) || []).map((s) => check(s, body, headers)),
      answered: null,
    };
    log.push(entry);
    if (kind === "redirect") {
      entry.answered = 307;
      res.writeHead(307, { location: `http://127.0.0.1:${server.address().port}/ok/${name}` }).end();
    } else if (kind === "flaky" && count === 1) {
      entry.answered = 500;
      res.writeHead(500).end("boom");
    } else if (kind === "flaky" && count === 2) {
      entry.answered = "hang"; // never answered; the socket is dropped later
      setTimeout(() => res.destroy(), 5000);
    } else if (entry.checks.length > 0 && entry.checks.every((c) => c.verified)) {
      entry.answered = 202;
      res.writeHead(202).end();
    } else {
      entry.answered = 401;
      res.writeHead(401).end("signature not verified");
    }
  });
});

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(JSON.stringify({ port: server.address().port }) + "\n");
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
