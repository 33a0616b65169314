'use strict';
// Summarises a V8 .cpuprofile (from BENCH_CPU_PROF=<dir> npm run bench): self time by area
// (node_modules package, our dist file, node internals, GC, idle) and the top functions.
// Usage: node tests/bench/profile.cjs <file.cpuprofile> [top=30]
const fs = require('node:fs');

const file = process.argv[2];
if (!file) {
  console.error('usage: node tests/bench/profile.cjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(process.argv[3] || 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

// Self time per node: sample counts × the mean interval.
const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) || 0) + 1);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

function area(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native/builtin)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const dist = /\/(server|metadata)\/dist\/(.*)$/.exec(url);
  if (dist) return `${dist[1]}/${dist[2]}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url;
}

const areas = new Map();
const funcs = new Map();
let total = 0;
for (const [id, count] of hits) {
  const n = byId.get(id);
  const { functionName, url, lineNumber } = n.callFrame;
  const ms = (count * interval) / 1000;
  total += ms;
  const a = area(url, functionName);
  areas.set(a, (areas.get(a) || 0) + ms);
  const key = `${functionName || '(anonymous)'}  ${a}:${lineNumber + 1}`;
  funcs.set(key, (funcs.get(key) || 0) + ms);
}

const busy = total - (areas.get('(idle)') || 0) - (areas.get('(program)') || 0);
const show = (map, title, n) => {
  console.log(`\n${title} (ms self, % of busy ${busy.toFixed(0)} ms)`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${v.toFixed(0).padStart(8)}  ${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`);
  }
};
// Inclusive time: each sample counts once for every distinct function on its stack.
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
const keyOf = (n) =>
  `${n.callFrame.functionName || '(anonymous)'}  ${area(n.callFrame.url, n.callFrame.functionName)}:${n.callFrame.lineNumber + 1}`;
const inclusive = new Map();
for (const [id, count] of hits) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(byId.get(at)));
  for (const k of seen) inclusive.set(k, (inclusive.get(k) || 0) + (count * interval) / 1000);
}
const ours = new Map(
  [...inclusive].filter(([k]) => /(server|metadata)\/|rawServer|typeorm|express|router|body-parser|@nestjs/.test(k)),
);

console.log(`profile ${file}: ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy`);
show(areas, 'by area', 25);
show(funcs, 'top functions', top);
show(ours, 'inclusive (ours, typeorm, express, nest)', top);
