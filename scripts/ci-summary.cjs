#!/usr/bin/env node
/**
 * The end of every `.ci/run`, passed or failed: a table of its steps and their minutes, the tests
 * each suite executed, its ten slowest files, and any test that passed only on a retry
 * (docs/developer-guide.md "The CI budget").
 *
 *   node scripts/ci-summary.cjs <reports dir>
 *
 * The directory holds steps.tsv (step, seconds, result, and "beside" for a step run beside another;
 * written by .ci/run), and the suites' JSON reports: Vitest's (`--reporter=json`) as vitest-*.json,
 * Playwright's as playwright.json.
 */
const fs = require('node:fs');
const path = require('node:path');

const SUITES = [
  { files: ['vitest-sqlite.json'], name: 'npm test (unit + SQLite)', kind: 'vitest' },
  // The MariaDB suite runs in two parts (.ci/run): the files two at a time, then those that run alone.
  { files: ['vitest-mariadb.json', 'vitest-mariadb-serial.json'], name: 'server suite on MariaDB', kind: 'vitest' },
  { files: ['playwright.json'], name: 'browser suite (Chromium)', kind: 'playwright' },
];

const minutes = (seconds) => (seconds / 60).toFixed(1);

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function printSteps(dir) {
  const file = path.join(dir, 'steps.tsv');
  const rows = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t'))
    : [];
  const width = Math.max(4, ...rows.map(([step]) => step.length));
  console.log(`\n${'step'.padEnd(width)}  minutes  result`);
  let total = 0;
  // A step marked "beside" ran while another did (the lint beside the browser suite): its minutes
  // are shown, not added to the run's.
  for (const [step, seconds, result, beside] of rows) {
    if (beside !== 'beside') total += Number(seconds);
    const note = beside === 'beside' ? ' (beside the step before, not in the total)' : '';
    console.log(`${step.padEnd(width)}  ${minutes(Number(seconds)).padStart(7)}  ${result}${note}`);
  }
  console.log(`${'total'.padEnd(width)}  ${minutes(total).padStart(7)}`);
}

/** Vitest: counts by state, each file's duration, tests that needed a retry. */
function vitestFacts(report) {
  const files = report.testResults.map((file) => ({
    name: path.relative(process.cwd(), file.name),
    seconds: (file.endTime - file.startTime) / 1000,
  }));
  const retried = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' && (test.retryCount ?? 0) > 0)
      .map((test) => `${path.relative(process.cwd(), file.name)} › ${test.fullName}`),
  );
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    files,
    retried,
  };
}

/** Playwright: every test's outcome ("flaky": failed, then passed on its retry) and each file's time. */
function playwrightFacts(report) {
  const tests = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests) tests.push({ file, spec, test });
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  const byFile = new Map();
  for (const { file, test } of tests) {
    const seconds = test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
    byFile.set(file, (byFile.get(file) ?? 0) + seconds);
  }
  const count = (status) => tests.filter(({ test }) => test.status === status).length;
  return {
    passed: count('expected') + count('flaky'),
    failed: count('unexpected'),
    skipped: count('skipped'),
    files: [...byFile].map(([name, seconds]) => ({ name: `tests/e2e/${name}`, seconds })),
    retried: tests.filter(({ test }) => test.status === 'flaky').map(({ file, spec }) => `${file} › ${spec.title}`),
  };
}

/** The facts of a suite's reports added up; a missing report is named. */
function suiteFacts(dir, suite) {
  const factsOf = suite.kind === 'vitest' ? vitestFacts : playwrightFacts;
  const sum = { passed: 0, failed: 0, skipped: 0, files: [], retried: [], missing: [] };
  for (const file of suite.files) {
    const report = readJson(path.join(dir, file));
    if (!report) {
      sum.missing.push(file);
      continue;
    }
    const facts = factsOf(report);
    sum.passed += facts.passed;
    sum.failed += facts.failed;
    sum.skipped += facts.skipped;
    sum.files.push(...facts.files);
    sum.retried.push(...facts.retried);
  }
  return sum;
}

function printSuite(dir, suite) {
  const facts = suiteFacts(dir, suite);
  console.log(`\n${suite.name}:`);
  for (const file of facts.missing) console.log(`  no report ${file} (that part did not run or did not finish)`);
  if (facts.missing.length === suite.files.length) return;
  console.log(
    `  tests executed: ${facts.passed + facts.failed} (${facts.passed} passed, ${facts.failed} failed), ${facts.skipped} skipped`,
  );
  console.log(`  passed only on a retry: ${facts.retried.length ? '' : 'none'}`);
  for (const test of facts.retried) console.log(`    ${test}`);
  console.log('  ten slowest files:');
  for (const file of facts.files.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    console.log(`    ${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: ci-summary.cjs <reports dir>');
  process.exit(2);
}
console.log('\n=== CI summary ===');
printSteps(dir);
for (const suite of SUITES) printSuite(dir, suite);
