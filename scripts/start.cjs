#!/usr/bin/env node
// npm start: builds whatever is missing or older than its sources (metadata, server, runtime),
// then starts the server, which migrates and seeds the database and serves runtime + API on PORT.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((max, entry) => (entry === 'node_modules' ? max : Math.max(max, newestMtime(path.join(target, entry)))), 0);
}

const steps = [
  {
    name: 'metadata',
    output: 'metadata/dist/node.js',
    inputs: ['metadata/src', 'metadata/schema'],
    run: [bin('tsc'), ['-p', 'metadata/tsconfig.build.json']],
  },
  {
    name: 'server',
    output: 'server/dist/main.js',
    inputs: ['server/src', 'metadata/dist'],
    run: [bin('tsc'), ['-p', 'server/tsconfig.build.json']],
  },
  {
    name: 'runtime',
    output: 'runtime/dist/index.html',
    inputs: ['runtime/src', 'runtime/index.html', 'metadata/src'],
    run: [bin('vite'), ['build', '--config', 'runtime/vite.config.ts', '--logLevel', 'warn']],
  },
];

for (const step of steps) {
  const built = newestMtime(path.join(root, step.output));
  const sources = Math.max(...step.inputs.map((i) => newestMtime(path.join(root, i))));
  if (built && built >= sources) continue;
  console.log(`[meridian] building ${step.name}…`);
  execFileSync(step.run[0], step.run[1], { cwd: root, stdio: 'inherit' });
}

const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
