#!/usr/bin/env node
/**
 * `npm run coverage [-- --summary]`: how much of the specification's catalog the application
 * covers, per catalog domain: screens that resolve to a page (generated, or a custom page whose
 * widget the runtime registers), those reachable through a seeded menu by the right user type,
 * named actions and lifecycles that exist as endpoints. Then every missing item, one a line.
 * A report, never a failing test (exit 0 whatever is missing). See docs/developer-guide.md.
 */
const { readCatalog } = require('./coverage/catalog.cjs');
const { readPages, menuUserTypes, lifecycleEntities } = require('./coverage/app.cjs');
const { readEndpoints } = require('./coverage/endpoints.cjs');

/** `srmSpe*Restful` → a test of resource names. */
function resourceTest(pattern) {
  if (!pattern) return () => true;
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[A-Za-z]*')}$`,
  );
  return (name) => regex.test(name);
}

function endpointExists(endpoints, resource, action) {
  const matches = resourceTest(resource);
  return endpoints.some((e) => e.action === action && matches(e.resource));
}

function checkScreen(screen, pages, reach) {
  const page = pages.get(screen.path);
  if (!page || !page.renders) {
    const why = page ? `custom page names widget ${page.widget}, not registered` : 'no page metadata';
    return { page: false, menu: false, why };
  }
  const types = reach.get(screen.path) ?? new Set();
  const menu = screen.userType ? types.has(screen.userType) : types.size > 0;
  const wanted = screen.userType ? `no menu for ${screen.userType} users` : 'no menu';
  return { page: true, menu, why: menu ? '' : `${wanted} (menus reach: ${[...types].join(', ') || 'nobody'})` };
}

function checkLifecycle(lifecycle, endpoints, entities) {
  if (lifecycle.endpoints.length) {
    const missing = lifecycle.endpoints.filter((a) => !endpointExists(endpoints, lifecycle.resource, a));
    return { ok: !missing.length, why: `missing ${missing.join(', ')}` };
  }
  // The spec names no endpoint: an entity of that record type with a lifecycle covers it.
  const type = lifecycle.recordType.replace(/\s*\(.*\)/, '').toLowerCase();
  const ok = entities.some((e) => e.label.includes(type) || e.name.includes(type.replace(/\s+/g, '')));
  return { ok, why: 'no entity of that record type has a lifecycle' };
}

function emptyRow() {
  return { screens: 0, pages: 0, menus: 0, actions: 0, actionsOk: 0, lifecycles: 0, lifecyclesOk: 0 };
}

function measure(catalog, app) {
  const rows = new Map(catalog.domains.map((d) => [d, emptyRow()]));
  const row = (domain) => rows.get(domain) ?? rows.set(domain, emptyRow()).get(domain);
  const missing = { pages: [], menus: [], actions: [], lifecycles: [] };
  for (const screen of catalog.screens) {
    const r = row(screen.domain);
    const result = checkScreen(screen, app.pages, app.reach);
    r.screens += 1;
    r.pages += Number(result.page);
    r.menus += Number(result.menu);
    if (!result.page) missing.pages.push([screen.domain, `${screen.path} (${screen.kind}): ${result.why}`]);
    else if (!result.menu) missing.menus.push([screen.domain, `${screen.path}: ${result.why}`]);
  }
  for (const action of catalog.actions) {
    const r = row(action.domain);
    const ok = endpointExists(app.endpoints, action.resource, action.action);
    r.actions += 1;
    r.actionsOk += Number(ok);
    if (!ok) missing.actions.push([action.domain, action.label]);
  }
  for (const lifecycle of catalog.lifecycles) {
    const r = row(lifecycle.domain);
    const result = checkLifecycle(lifecycle, app.endpoints, app.entities);
    r.lifecycles += 1;
    r.lifecyclesOk += Number(result.ok);
    const where = lifecycle.resource ? ` (${lifecycle.resource})` : '';
    if (!result.ok) missing.lifecycles.push([lifecycle.domain, `${lifecycle.recordType}${where}: ${result.why}`]);
  }
  return { rows, missing };
}

const COLUMNS = ['domain', 'screens', 'page', 'menu', 'actions', 'exist', 'lifecycles', 'exist'];

function cells(name, r) {
  return [name, r.screens, r.pages, r.menus, r.actions, r.actionsOk, r.lifecycles, r.lifecyclesOk].map(String);
}

function printTable(rows) {
  const total = emptyRow();
  const lines = [...rows].map(([name, r]) => {
    for (const k of Object.keys(total)) total[k] += r[k];
    return cells(name, r);
  });
  const table = [COLUMNS, ...lines, cells('TOTAL', total)];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((l) => l[i].length)));
  const format = (l) => l.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  table.forEach((l, i) => {
    if (i === table.length - 1) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    console.log(format(l));
  });
}

const HEADINGS = {
  pages: 'Screens that resolve to no page',
  menus: 'Pages without a menu for their user type',
  actions: 'Named actions without an endpoint',
  lifecycles: 'Lifecycles without their endpoints',
};

function printMissing(missing) {
  for (const [key, heading] of Object.entries(HEADINGS)) {
    const items = missing[key];
    console.log(`\n${heading} (${items.length})`);
    for (const [domain, text] of items.sort((a, b) => a[0].localeCompare(b[0]))) console.log(`  [${domain}] ${text}`);
  }
}

async function main() {
  const summary = process.argv.includes('--summary');
  const catalog = readCatalog();
  const app = {
    pages: readPages(),
    reach: menuUserTypes(),
    entities: lifecycleEntities(),
    endpoints: await readEndpoints(),
  };
  const { rows, missing } = measure(catalog, app);
  console.log(
    `Spec coverage: ${catalog.screens.length} screens of catalog/seed-catalog.json (${catalog.shellFrames} shell-frame routes not counted), ${app.endpoints.length} endpoints\n`,
  );
  printTable(rows);
  console.log(
    '\npage: resolves to page metadata or a registered custom page; menu: and a seeded menu reaches it for the right user type.',
  );
  if (!summary) printMissing(missing);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
