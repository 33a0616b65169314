'use strict';
// Machine facts, the console table and docs/benchmarks.md. The generated part of the doc lives
// between <!-- bench:<db>:start --> and <!-- bench:<db>:end --> markers; the prose around them
// (method, notes, analysis) is kept as it is, so a re-run only replaces the numbers.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'benchmarks.md');
const GOAL_RATIO = 0.7;
const GOAL_P50_MS = 2;

function pkgVersion(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
}

/** Which code was measured: HEAD, uncommitted changes under server/ and metadata/, dist build time. */
function codeState() {
  const { execFileSync } = require('node:child_process');
  const git = (...args) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  const dirty = git('status', '--porcelain', '--', 'server', 'metadata').split('\n').filter(Boolean).length;
  const built = fs
    .statSync(path.join(ROOT, 'server', 'dist', 'main.js'))
    .mtime.toISOString()
    .replace('T', ' ')
    .slice(0, 16);
  return `commit ${git('rev-parse', '--short', 'HEAD') || '?'}${dirty ? ` with ${dirty} uncommitted file(s) under server/ and metadata/` : ''}, server/dist built ${built} UTC`;
}

function machine(dbVersion) {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? '?'}${cpus[0]?.speed ? ` @ ${cpus[0].speed} MHz` : ''} × ${cpus.length} logical cores`,
    ram: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    db: dbVersion,
    code: codeState(),
    stack: ['@nestjs/core', '@nestjs/platform-fastify', 'typeorm', 'mysql2', 'better-sqlite3']
      .map((n) => `${n} ${pkgVersion(n)}`)
      .join(', '),
  };
}

const f1 = (v) => (Number.isFinite(v) ? v.toFixed(1) : '–');
const f2 = (v) => (Number.isFinite(v) ? v.toFixed(2) : '–');

function verdicts(ours, raw) {
  const ratio = ours.rps / raw.rps;
  const p50Delta = ours.p50 - raw.p50;
  return { ratio, p50Delta, ratioOk: ratio >= GOAL_RATIO, p50Ok: p50Delta <= GOAL_P50_MS };
}

/** Markdown table rows for one DB's results (also readable on a terminal). */
function table(results, label) {
  const lines = [
    `| ${label} | ours req/s | raw req/s | ratio (≥ ${GOAL_RATIO}) | ours p50 ms | raw p50 ms | Δp50 (≤ +${GOAL_P50_MS} ms) | ours p99 ms | raw p99 ms |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const v = verdicts(r.ours, r.raw);
    lines.push(
      `| ${r.title} | ${f1(r.ours.rps)} | ${f1(r.raw.rps)} | ${v.ratio.toFixed(2)} ${v.ratioOk ? '✅' : '❌'} | ` +
        `${f2(r.ours.p50)} | ${f2(r.raw.p50)} | ${v.p50Delta >= 0 ? '+' : ''}${f2(v.p50Delta)} ${v.p50Ok ? '✅' : '❌'} | ${f2(r.ours.p99)} | ${f2(r.raw.p99)} |`,
    );
  }
  return lines.join('\n');
}

function section(run) {
  const m = run.machine;
  const name = run.db === 'mysql' ? 'MariaDB / MySQL' : 'SQLite';
  const errors = [...run.results, ...(run.latency || [])]
    .flatMap((r) => [r.ours, r.raw])
    .reduce((s, x) => s + x.errors, 0);
  const met = run.results.map((r) => verdicts(r.ours, r.raw));
  const all = met.every((v) => v.ratioOk && v.p50Ok);
  return [
    `### ${name}: ${run.rows.toLocaleString('en-US')} rows`,
    '',
    `Run ${run.date} · ${run.seconds} s measured per target and scenario (in ABBA halves) after ${run.warmup} s warm-up each · ` +
      `concurrency ${run.concurrency} keep-alive connections · ${errors} failed requests · seed ${run.seedSeconds.toFixed(0)} s · ` +
      `load average ${run.load.start} at start, ${run.load.end} at end`,
    '',
    `Machine: ${m.cpu}, ${m.ram} RAM, ${m.os}, Node ${m.node}, ${m.db}. Stack: ${m.stack}. Code: ${m.code}.`,
    '',
    table(run.results, `c=${run.concurrency}`),
    '',
    `Goals (ours ≥ ${GOAL_RATIO}× raw req/s and p50 within +${GOAL_P50_MS} ms at c=${run.concurrency}): ` +
      (all
        ? '**met in every scenario**.'
        : `**not met** in: ${run.results
            .filter((_, i) => !(met[i].ratioOk && met[i].p50Ok))
            .map((r) => r.title)
            .join(', ')}.`),
    ...(run.latency?.length
      ? [
          '',
          `Single-connection latency (c=1, ${run.latencySeconds} s per target, no queueing: the per-request cost):`,
          '',
          table(run.latency, 'c=1'),
        ]
      : []),
    '',
    `Response sizes (bytes, ours / raw): ${run.results.map((r) => `${r.title} ${r.bytes.ours} / ${r.bytes.raw}`).join('; ')}.`,
  ].join('\n');
}

const TEMPLATE = `# Benchmarks\n\n<!-- bench:mysql:start -->\n<!-- bench:mysql:end -->\n\n<!-- bench:sqlite:start -->\n<!-- bench:sqlite:end -->\n`;

/** Replaces each run's marked section in docs/benchmarks.md (created from a template if missing). */
function writeDoc(runs) {
  let text = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : TEMPLATE;
  for (const run of runs) {
    const start = `<!-- bench:${run.db}:start -->`;
    const end = `<!-- bench:${run.db}:end -->`;
    const body = `${start}\n${section(run)}\n${end}`;
    const a = text.indexOf(start);
    const b = text.indexOf(end);
    text = a >= 0 && b > a ? text.slice(0, a) + body + text.slice(b + end.length) : `${text.trimEnd()}\n\n${body}\n`;
  }
  fs.mkdirSync(path.dirname(DOC), { recursive: true });
  fs.writeFileSync(DOC, text);
  return DOC;
}

function print(run) {
  console.log(`\n${section(run)}\n`);
}

module.exports = { machine, print, writeDoc, verdicts };
