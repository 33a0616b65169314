/**
 * What the application has, read from its files: page metadata (metadata/apps/*\/pages), the
 * widget names the runtime registers (metadata/src/widgetManifest.ts, built), and which user types
 * reach each page through a seeded menu (menus in metadata/apps/*\/menus, granted to roles in
 * seeds/**, roles given to responsibilities of user type INSIDE… or EX…; see seeds/README.md).
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

function jsonFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return jsonFiles(file);
    return e.name.endsWith('.json') ? [JSON.parse(fs.readFileSync(file, 'utf8'))] : [];
  });
}

/** The `kind` folders of every application: metadata/apps/platform/<kind>, metadata/apps/srm/<domain>/<kind>. */
function kindFolders(dir, kind) {
  if (fs.existsSync(path.join(dir, kind))) return [path.join(dir, kind)];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => kindFolders(path.join(dir, e.name), kind));
}

function appDocuments(kind) {
  return kindFolders(path.join(ROOT, 'metadata', 'apps'), kind).flatMap((dir) => jsonFiles(dir));
}

/**
 * Page path → how it renders: a generated page, a custom page whose widget the runtime registers,
 * or a custom page naming a widget nobody registered (which shows an error, so it does not count).
 */
function readPages() {
  const { REGISTERED_WIDGETS } = require(path.join(ROOT, 'metadata', 'dist', 'widgetManifest.js'));
  const registered = new Set(REGISTERED_WIDGETS);
  const pages = new Map();
  for (const page of appDocuments('pages')) {
    const renders = page.type !== 'custom' || registered.has(page.widget);
    pages.set(page.path, { type: page.type, widget: page.widget, renders });
  }
  return pages;
}

/** menuCode → htmlUrl of every PAGE menu of every menu set. */
function menuUrls() {
  const urls = new Map();
  const walk = (menus) =>
    menus.forEach((m) => {
      if (m.htmlUrl) urls.set(m.menuCode, m.htmlUrl);
      walk(m.children ?? []);
    });
  for (const set of appDocuments('menus')) walk(set.menus ?? []);
  return urls;
}

function seedRows(entity) {
  return jsonFiles(path.join(ROOT, 'seeds'))
    .filter((f) => f.entity === entity)
    .flatMap((f) => f.rows);
}

/** `INSIDE_ADMIN` → INSIDE, `EX_ADMIN` → EX (the two user types of the spec's permission rules). */
function userTypeOf(value) {
  return String(value ?? '').startsWith('EX') ? 'EX' : 'INSIDE';
}

/** Page path → the user types (INSIDE, EX) holding a responsibility whose roles grant a menu of it. */
function menuUserTypes() {
  const urls = menuUrls();
  // A role's menus: those nested in its row, and the baseRoleMenu rows a domain's seed adds to it.
  const roleMenus = new Map(seedRows('baseRole').map((r) => [r.roleId, (r.menus ?? []).map((m) => m.menuCode)]));
  for (const { roleId, menuCode } of seedRows('baseRoleMenu')) {
    if (!roleMenus.has(roleId)) roleMenus.set(roleId, []);
    roleMenus.get(roleId).push(menuCode);
  }
  const reach = new Map();
  for (const resp of seedRows('baseResponsibility')) {
    const type = userTypeOf(resp.userType);
    for (const { roleId } of resp.roles ?? []) {
      for (const code of roleMenus.get(roleId) ?? []) {
        const url = urls.get(code);
        if (!url) continue;
        if (!reach.has(url)) reach.set(url, new Set());
        reach.get(url).add(type);
      }
    }
  }
  return reach;
}

/** Names and English labels (lower case) of the entities that have a lifecycle. */
function lifecycleEntities() {
  return appDocuments('entities')
    .filter((e) => e.lifecycle)
    .map((e) => ({
      name: e.name.toLowerCase(),
      label: String(e.label?.en ?? '').toLowerCase(),
    }));
}

module.exports = { readPages, menuUserTypes, lifecycleEntities };
