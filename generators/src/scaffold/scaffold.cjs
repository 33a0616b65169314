// The screen scaffolder behind `npm run scaffold -- <page path>`: for a route of the spec catalog,
// entity and page metadata skeletons from the entity DOMAIN.md describes for it.
const fs = require('node:fs');
const path = require('node:path');
const { entityForScreen, parseDomain } = require('./domainParser.cjs');
const { entityDocs, untranslatedLabels } = require('./documents.cjs');
const { lookupTypeDoc, parseDomainLookups } = require('./lookups.cjs');
const { listPage, recordPage } = require('./pages.cjs');

const ROOT = path.join(__dirname, '..', '..', '..');
const CATALOG = path.join(ROOT, 'catalog', 'seed-catalog.json');
const DOMAIN = path.join(ROOT, 'catalog', 'DOMAIN.md');

class ScaffoldError extends Error {}

const pageFileOf = (pagePath) => `${pagePath.replace(/\//g, '__')}.json`;
const siblingOf = (screens, re) => screens.find((s) => re.test(s));

function screenOf(catalog, pagePath) {
  const screen = catalog.screens.find((s) => s.path === pagePath);
  if (screen) return screen;
  const near = catalog.screens
    .map((s) => s.path)
    .filter((p) => p.toLowerCase().includes(pagePath.toLowerCase().slice(0, 8)))
    .slice(0, 8);
  throw new ScaffoldError(
    `"${pagePath}" is not a screen of the spec catalog.${near.length ? ` Did you mean: ${near.join(', ')}?` : ''}`,
  );
}

function domainEntityOf(entities, pagePath) {
  const direct = entityForScreen(entities, pagePath);
  if (direct) return direct;
  // DOMAIN often names only the list; its Edit/Detail siblings belong to the same entity.
  const list = pagePath.replace(/(Edit|Detail|detailed)$/, 'List');
  const viaList = list !== pagePath && entityForScreen(entities, list);
  if (viaList) return viaList;
  throw new ScaffoldError(
    `DOMAIN.md does not say which entity "${pagePath}" shows. Add the entity (or the screen to its **Screens:** line) in catalog/DOMAIN.md, or write the metadata by hand.`,
  );
}

/** The header and line entity definitions: existing ones from the registry, otherwise scaffolded. */
function entitiesFor(domainEntity, registry) {
  const existing = registry.entity(domainEntity.name);
  if (existing) {
    const lines = existing.children.map((c) => registry.entity(c.entity)?.def).filter(Boolean);
    return { created: [], header: existing.def, lines };
  }
  const docs = entityDocs(
    domainEntity,
    (name) =>
      !!registry.entity(name) || name === domainEntity.name || domainEntity.children.some((c) => c.name === name),
  );
  return { created: docs, header: docs[0], lines: docs.slice(1) };
}

function pageFor(screen, domainEntity, header, lines) {
  const linePairs = (header.children ?? [])
    .map((child) => ({ child, entity: lines.find((l) => l.name === child.entity) }))
    .filter((p) => p.entity);
  if (screen.kind === 'list') return listPage(screen.path, header, siblingOf(domainEntity.screens, /Edit$/));
  if (screen.kind === 'edit' || screen.kind === 'detail') {
    return recordPage(screen.path, screen.kind, header, linePairs, siblingOf(domainEntity.screens, /List$/));
  }
  throw new ScaffoldError(
    `"${screen.path}" is not a list, edit or detail screen (catalog kind "${screen.kind}"): it needs a custom page widget (docs/developer-guide.md), not a generated page.`,
  );
}

/**
 * The SRM domain folder (metadata/apps/srm/<domain>) an entity belongs to, from the module prefix
 * of its name (srmPurOrderHeader → purchasing); see docs/developer-guide.md "Domain modules".
 */
const DOMAIN_OF_PREFIX = [
  [/^srmSlc/, 'supplier'],
  [/^srmSpe/, 'performance'],
  [/^srmSml/, 'price'],
  [/^srmRcn/, 'reconciliation'],
  [/^srmPur/, 'purchasing'],
  [/^srmQcn|^srmQuality/, 'quality'],
  [/^srmSfd/, 'sourcing'],
  [/^srmCct/, 'contract'],
  [/^srmBaseNotice/, 'notice'],
  [/^srmBase|^base/, 'base'],
];

function domainFolderOf(entityName) {
  const found = DOMAIN_OF_PREFIX.find(([prefix]) => prefix.test(entityName));
  if (!found)
    throw new ScaffoldError(
      `no domain folder for the entity "${entityName}": name one with --domain <folder> (metadata/apps/srm/<folder>).`,
    );
  return found[1];
}

/**
 * Builds the documents for the screens `pagePaths` (e.g. a list and its edit page) and checks them
 * with the rest of the application metadata. `metadata` is the compiled metadata package. The
 * files go to the domain folder of the screens' entity unless `domain` names one.
 */
function scaffold(pagePaths, metadata, domainFolder = undefined) {
  const catalog = JSON.parse(fs.readFileSync(CATALOG, 'utf8'));
  const domain = parseDomain(fs.readFileSync(DOMAIN, 'utf8'));
  const current = metadata.loadDocumentFiles();
  const currentProblems = problemsOf(metadata, current);
  if (currentProblems.length)
    throw new ScaffoldError(
      `the application metadata does not load as it is; fix this first:\n${currentProblems.map((p) => `  - ${p}`).join('\n')}`,
    );
  const registry = metadata.MetadataRegistry.load(current);
  const appDirOf = (entityName) => path.join('metadata', 'apps', 'srm', domainFolder ?? domainFolderOf(entityName));
  const files = [];
  const untranslated = new Set();
  const planned = new Map();
  let appDir;
  for (const pagePath of pagePaths) {
    const screen = screenOf(catalog, pagePath);
    if (registry.page(pagePath))
      throw new ScaffoldError(`The page "${pagePath}" exists already (${registry.source(registry.page(pagePath))}).`);
    const domainEntity = domainEntityOf(domain, pagePath);
    appDir ??= appDirOf(domainEntity.name);
    if (!planned.has(domainEntity.name)) {
      const built = entitiesFor(domainEntity, registry);
      planned.set(domainEntity.name, built);
      files.push(...built.created.map((doc) => ({ file: path.join(appDir, 'entities', `${doc.name}.json`), doc })));
      if (built.created.length) untranslatedLabels(domainEntity).forEach((n) => untranslated.add(n));
    }
    const { header, lines } = planned.get(domainEntity.name);
    files.push({
      file: path.join(appDir, 'pages', pageFileOf(pagePath)),
      doc: pageFor(screen, domainEntity, header, lines),
    });
  }
  const lookupFile = lookupsFor(files, registry, path.join(appDir, 'lookups'));
  if (lookupFile) files.push(lookupFile);
  const problems = problemsOf(metadata, [...current, ...files.map(({ file, doc }) => ({ source: file, doc }))]);
  return { files, problems, untranslated: [...untranslated] };
}

/** Meanings of a bare code (DRAFT…) from the lookup types that have it, standard approval first. */
function knownMeaningIn(registry) {
  const types = [registry.lookupType('SRM_APPROVE_STATUS'), ...registry.lookupTypes()].filter(Boolean);
  return (code) => types.flatMap((t) => t.values).find((v) => v.lookupCode === code)?.meaning;
}

/** A lookup set for the types the new entities use that only DOMAIN.md defines (undefined when none). */
function lookupsFor(files, registry, lookupDir) {
  const entities = files.map((f) => f.doc).filter((d) => d.kind === 'entity');
  const used = new Map();
  for (const field of entities.flatMap((e) => e.fields)) {
    if (field.lookupType && !registry.lookupType(field.lookupType) && !used.has(field.lookupType))
      used.set(field.lookupType, field.label);
  }
  const domainLookups = parseDomainLookups(fs.readFileSync(DOMAIN, 'utf8'));
  const lookups = [...used]
    .filter(([type]) => domainLookups.has(type))
    .map(([type, label]) => ({
      ...lookupTypeDoc(type, domainLookups.get(type), knownMeaningIn(registry)),
      meaning: { cn: label.cn, en: label.en },
    }));
  if (!lookups.length) return undefined;
  return {
    file: path.join(lookupDir, `${entities[0].name}.json`),
    doc: { metaVersion: 1, kind: 'lookupSet', lookups },
  };
}

function problemsOf(metadata, documents) {
  try {
    metadata.MetadataRegistry.load(documents);
    return [];
  } catch (e) {
    if (e instanceof metadata.MetadataError) return e.problems.map(metadata.formatProblem);
    throw e;
  }
}

/** Writes the files; an existing file is never overwritten. */
function writeFiles(files) {
  for (const { file } of files) {
    if (fs.existsSync(path.join(ROOT, file))) throw new ScaffoldError(`${file} exists already; nothing was written.`);
  }
  for (const { file, doc } of files) fs.writeFileSync(path.join(ROOT, file), `${JSON.stringify(doc, null, 2)}\n`);
}

module.exports = { scaffold, writeFiles, ScaffoldError, pageFileOf };
