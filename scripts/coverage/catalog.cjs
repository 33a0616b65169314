/**
 * What the specification asks for, read from the vendored catalog (catalog/seed-catalog.json, see
 * catalog/README.md): the business screens, the named actions and the lifecycles, each with the
 * catalog domain it is counted under.
 */
const fs = require('node:fs');
const path = require('node:path');

const CATALOG = path.join(__dirname, '..', '..', 'catalog', 'seed-catalog.json');

/** `srmSpe*Restful (indicators)` → `srmSpe*Restful`; a name in words (`lookups`) → null. */
function restfulName(resource) {
  const match = /^[A-Za-z*]+Restful\b/.exec(resource ?? '');
  return match ? match[0] : null;
}

/** The domain a resource name belongs to: its catalog resource entry, matched by name or by its words. */
function domainFinder(resources) {
  return (resource, fallback) => {
    const name = restfulName(resource);
    const words = String(resource ?? '')
      .replace(/\s*\(.*$/, '')
      .toLowerCase();
    const hit =
      resources.find((r) => name && r.resource === name) ??
      resources.find((r) => words && r.resource.toLowerCase() === words) ??
      resources.find((r) => words && r.resource.toLowerCase().startsWith(words));
    return hit ? hit.domain : fallback;
  };
}

/**
 * Screens of the shell frame (login, /main, iframe, not-found) are routes of the runtime itself,
 * not metadata pages: they are left out of the count.
 */
function isShellFrame(screen) {
  return Boolean(screen.topLevel) || screen.parent === '/main';
}

/** The user type a screen is for: its stated variant, else its path prefix, else either. */
function userTypeOf(screen) {
  const variant =
    screen.variant ??
    (screen.path.startsWith('supplier/') ? 'supplier' : screen.path.startsWith('inside/') ? 'inside' : null);
  if (variant === 'supplier') return 'EX';
  if (variant === 'inside') return 'INSIDE';
  return null;
}

function screensOf(catalog) {
  return catalog.screens
    .filter((s) => !isShellFrame(s))
    .map((s) => ({
      domain: s.domain,
      path: s.path.replace(/^\//, ''),
      kind: s.kind,
      userType: userTypeOf(s),
    }));
}

/** Named actions of the action groups and of the resources, once per resource name and action. */
function namedActionsOf(catalog, domainOf) {
  const seen = new Map();
  const add = (resource, action, domain) => {
    const name = restfulName(resource);
    const key = `${name ?? resource}/${action}`;
    if (!seen.has(key)) seen.set(key, { domain, resource: name, label: key, action });
  };
  for (const r of catalog.resources) for (const a of r.namedActions ?? []) add(r.resource, a, r.domain);
  for (const g of catalog.namedActionGroups)
    for (const a of g.actions) add(g.resource, a, domainOf(g.resource, 'other'));
  return [...seen.values()];
}

const SOURCE_DOMAIN = { '000': 'shell', '001': 'admin' };

/**
 * A lifecycle without a resource of the catalog: the domain of its source document (foundation,
 * administration), else a domain its record type or group names ("bidding plan").
 */
function namedDomain(lifecycle, domains) {
  const named = (text) => domains.find((d) => new RegExp(`\\b${d}\\b`, 'i').test(text));
  return SOURCE_DOMAIN[lifecycle.source] ?? named(lifecycle.recordType) ?? named(lifecycle.group) ?? 'other';
}

/**
 * A lifecycle's endpoints: the names the spec writes exactly; names it marks "typical" are
 * guesses and are not required.
 */
function lifecyclesOf(catalog, domainOf, domains) {
  return catalog.lifecycles.map((l) => ({
    domain: domainOf(l.resource ?? l.recordType, namedDomain(l, domains)),
    recordType: l.recordType,
    resource: restfulName(l.resource),
    endpoints: (l.endpoints ?? []).filter((e) => /^\w+$/.test(e)),
  }));
}

function readCatalog(file = CATALOG) {
  const catalog = JSON.parse(fs.readFileSync(file, 'utf8'));
  const domainOf = domainFinder(catalog.resources);
  const domains = [...new Set(catalog.screens.map((s) => s.domain))];
  return {
    domains,
    screens: screensOf(catalog),
    shellFrames: catalog.screens.filter(isShellFrame).length,
    actions: namedActionsOf(catalog, domainOf),
    lifecycles: lifecyclesOf(catalog, domainOf, domains),
  };
}

module.exports = { readCatalog, restfulName };
