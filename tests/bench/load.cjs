'use strict';
// Closed-loop load generator: `concurrency` keep-alive connections, each sending the next request as
// soon as the previous answer is fully read. Latency = request start → last byte of the answer.
const http = require('node:http');
const path = require('node:path');

const { computeAppsign } = require(path.resolve(__dirname, '..', '..', 'metadata', 'dist', 'appsign.js'));

/** appsign headers, re-signed once per second (the server accepts timestamps up to 5 minutes off). */
let signed = { second: -1, headers: null };
function signHeaders() {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (signed.second !== second) {
    const timestamp = String(now);
    signed = { second, headers: { timestamp, appsign: computeAppsign(timestamp) } };
  }
  return signed.headers;
}

/** One POST (with target.headers, e.g. the session of `ours`); resolves { status, body } (body as a string). */
function post(agent, target, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: target.port,
        path: target.path,
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': payload.length,
          ...signHeaders(),
          ...(target.headers || {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const OK_PREFIX = '{"code":"S"';

/**
 * Runs the load for `seconds`; returns { requests, errors, seconds, latencies (ms, Float64Array) }.
 * A failed answer counts as an error and is not timed; the first error message is kept.
 */
async function runLoad(target, body, { concurrency, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const payload = Buffer.from(JSON.stringify(body));
  let latencies = new Float64Array(1 << 16);
  let n = 0;
  let errors = 0;
  let firstError;
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(seconds * 1e9));
  const worker = async () => {
    while (process.hrtime.bigint() < end) {
      const t0 = process.hrtime.bigint();
      try {
        const res = await post(agent, target, payload);
        if (res.status !== 200 || !res.body.startsWith(OK_PREFIX))
          throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 200)}`);
        if (n === latencies.length) {
          const bigger = new Float64Array(n * 2);
          bigger.set(latencies);
          latencies = bigger;
        }
        latencies[n++] = Number(process.hrtime.bigint() - t0) / 1e6;
      } catch (e) {
        errors++;
        firstError = firstError || e.message;
        if (errors > 1000) throw new Error(`too many errors, first: ${firstError}`, { cause: e });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  agent.destroy();
  return { requests: n, errors, firstError, seconds: elapsed, latencies: latencies.slice(0, n) };
}

/** Merges several runs of the same target and summarises: req/s, p50, p99, mean (ms). */
function summarise(runs) {
  const requests = runs.reduce((s, r) => s + r.requests, 0);
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  const all = new Float64Array(requests);
  let at = 0;
  for (const r of runs) {
    all.set(r.latencies, at);
    at += r.latencies.length;
  }
  all.sort();
  const pct = (p) => (requests ? all[Math.min(requests - 1, Math.ceil((p / 100) * requests) - 1)] : NaN);
  const mean = requests ? all.reduce((s, v) => s + v, 0) / requests : NaN;
  return {
    requests,
    seconds,
    errors: runs.reduce((s, r) => s + r.errors, 0),
    firstError: runs.map((r) => r.firstError).find(Boolean),
    rps: requests / seconds,
    p50: pct(50),
    p99: pct(99),
    mean,
  };
}

module.exports = { post, runLoad, summarise, signHeaders };
