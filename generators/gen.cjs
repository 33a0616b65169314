#!/usr/bin/env node
// npm run gen            writes metadata/src/generated/* from the schemas and the SRM metadata
// npm run gen -- --check fails (exit 1) when a checked-in generated file differs from a fresh run
// Record types need the metadata package compiled, and compiling it needs fresh meta-model
// types: so the meta-model types are written (or checked) first, then metadata is built with
// tsc, then the record types and schemas are generated from the compiled registry.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { generateMetaModelTypes } = require('./src/schemaTypes.cjs');
const { generateRecordArtifacts, dedupeDeclarations } = require('./src/recordTypes.cjs');

const OUT = path.join(__dirname, '../metadata/src/generated');

async function metaModelOutput() {
  return dedupeDeclarations((await generateMetaModelTypes()).replace(/\bFilterNode\d+\b/g, 'FilterNode'));
}

function buildMetadataPackage() {
  const tsc = path.join(__dirname, '..', 'node_modules', '.bin', 'tsc');
  execFileSync(tsc, ['-p', path.join(__dirname, '..', 'metadata', 'tsconfig.build.json')], { stdio: 'inherit' });
}

async function buildOutputs(metaModel) {
  const { typesSource, schemas } = await generateRecordArtifacts();
  const outputs = { 'meta-model.ts': metaModel, 'records.ts': typesSource };
  for (const [name, schema] of Object.entries(schemas)) {
    outputs[`record-schemas/${name}.schema.json`] = JSON.stringify(schema, null, 2) + '\n';
  }
  return outputs;
}

function existingFiles(dir, prefix = '') {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? existingFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    );
}

async function main() {
  const check = process.argv.includes('--check');
  const metaModel = await metaModelOutput();
  const metaModelFile = path.join(OUT, 'meta-model.ts');
  const metaModelStale = !fs.existsSync(metaModelFile) || fs.readFileSync(metaModelFile, 'utf8') !== metaModel;
  if (metaModelStale && check) {
    console.error('Generated files are stale; run `npm run gen` and commit:\n  metadata/src/generated/meta-model.ts');
    process.exit(1);
  }
  if (metaModelStale) fs.writeFileSync(metaModelFile, metaModel);
  buildMetadataPackage();
  const outputs = await buildOutputs(metaModel);
  const stale = Object.keys(outputs).filter(
    (f) => !fs.existsSync(path.join(OUT, f)) || fs.readFileSync(path.join(OUT, f), 'utf8') !== outputs[f],
  );
  const orphans = existingFiles(OUT).filter((f) => !(f in outputs));
  if (check) {
    if (stale.length || orphans.length) {
      console.error(
        `Generated files are stale; run \`npm run gen\` and commit:\n${[...stale, ...orphans].map((f) => `  metadata/src/generated/${f}`).join('\n')}`,
      );
      process.exit(1);
    }
    console.log(`gen --check: ${Object.keys(outputs).length} generated files are fresh`);
    return;
  }
  for (const f of orphans) fs.rmSync(path.join(OUT, f));
  for (const f of stale) {
    fs.mkdirSync(path.dirname(path.join(OUT, f)), { recursive: true });
    fs.writeFileSync(path.join(OUT, f), outputs[f]);
  }
  console.log(
    `gen: wrote ${stale.length} file(s), removed ${orphans.length}, ${Object.keys(outputs).length - stale.length} unchanged`,
  );
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});
