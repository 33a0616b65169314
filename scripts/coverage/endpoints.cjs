/**
 * Every endpoint the server would serve, taken from the API description it generates
 * (docs/developer-guide.md, "The API contract"): generic actions of exposed entities, lifecycle
 * transitions with their spec aliases, registered custom actions and the fixed file and export
 * routes. The kernel is built in-process on a throw-away SQLite file without demo data, so no
 * server needs to run and nothing outside the clone is read.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DIST = path.join(__dirname, '..', '..', 'server', 'dist');

/** `/api/srmServer/v1/srmSlcChangeInfoRestful/doSubmit` → { resource, action }. */
function parseEndpoint(url) {
  const parts = url.split('/').filter(Boolean);
  return { resource: parts[parts.length - 2] ?? '', action: parts[parts.length - 1] ?? '' };
}

async function withKernel(use) {
  require('reflect-metadata');
  const { loadConfig } = require(path.join(DIST, 'config.js'));
  const { createKernel } = require(path.join(DIST, 'bootstrap.js'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-coverage-'));
  // Outside demo mode the server insists on a first administrator's password; nobody signs in.
  const env = {
    DB_URL: `sqlite:${path.join(dir, 'coverage.sqlite')}`,
    DATA_DIR: dir,
    DEMO: 'false',
    ADMIN_PASSWORD: `Cov#${Date.now()}x`,
    API_DOCS: 'true',
  };
  const { SRM_MODULES } = require(path.join(DIST, 'srm', 'index.js'));
  const { kernel } = await createKernel(loadConfig(env), { modules: SRM_MODULES });
  try {
    return await use(kernel);
  } finally {
    await kernel.db.dataSource.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** All endpoints as { resource, action }. */
async function readEndpoints() {
  const { apiDocument } = require(path.join(DIST, 'docs', 'apiDocs.js'));
  return withKernel((kernel) => Object.keys(apiDocument(kernel).paths).map(parseEndpoint));
}

module.exports = { readEndpoints };
