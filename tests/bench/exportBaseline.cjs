'use strict';
// The yardstick of the export bench: the same rows read straight from the database file with
// better-sqlite3 and written with exceljs's streaming WorkbookWriter alone (no HTTP, no checks,
// no lookups). Prints one JSON line: {rows, ms, bytes, peakRssMb}.
const fs = require('node:fs');
const { Writable } = require('node:stream');
const Database = require('better-sqlite3');
const ExcelJS = require('exceljs');
const { EXPORT_COLUMNS } = require('./exportColumns.cjs');

const toColumn = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function peakRssMb() {
  const line = fs
    .readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Math.round(Number(line.replace(/\D+/g, '')) / 1024);
}

async function main() {
  const [file, table, primaryKey] = process.argv.slice(2);
  const db = new Database(file, { readonly: true });
  const columns = EXPORT_COLUMNS.map((c) => `"${toColumn(c.key)}"`);
  let bytes = 0;
  const sink = new Writable({
    write(chunk, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const t0 = process.hrtime.bigint();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('baseline');
  sheet.addRow(EXPORT_COLUMNS.map((c) => c.title)).commit();
  let rows = 0;
  const select = db
    .prepare(`SELECT ${columns.join(', ')} FROM "${table}" ORDER BY "rate_date" DESC, "${toColumn(primaryKey)}" DESC`)
    .raw(true);
  for (const values of select.iterate()) {
    sheet.addRow(values).commit();
    rows++;
  }
  sheet.commit();
  await workbook.commit();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  db.close();
  console.log(JSON.stringify({ rows, ms, bytes, peakRssMb: peakRssMb() }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
