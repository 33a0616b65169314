#!/usr/bin/env node
/**
 * `npm run typecheck`: the metadata, server, runtime and end-to-end tests' type checks, two at a time (tsc is single-
 * threaded; the CI machine has two cores). Each one's output is printed when it ends; the script
 * fails if any check failed.
 */
const { spawn } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PROJECTS = ['server/tsconfig.json', 'runtime/tsconfig.json', 'metadata/tsconfig.json', 'tests/e2e/tsconfig.json'];
const AT_A_TIME = 2;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit'], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'no errors' : 'FAILED'}\n${output}`);
      resolve(code === 0);
    });
  });
}

async function main() {
  const queue = [...PROJECTS];
  const results = [];
  const worker = async () => {
    while (queue.length) results.push(await check(queue.shift()));
  };
  await Promise.all(Array.from({ length: AT_A_TIME }, worker));
  if (results.some((ok) => !ok)) process.exit(1);
}

void main();
