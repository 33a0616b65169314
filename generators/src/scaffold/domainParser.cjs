// Reads the entities of DOMAIN.md (catalog/DOMAIN.md): name, labels, key, screens, fields and
// line children. DOMAIN declares an entity in one of these ways:
//   ### 1.1 Supplier master — `srmSlcSupplierInfo` (供应商主数据 / Supplier master)
//   **`srmSlcInspectPlan` (考察计划 / Inspection plan).**
//   **`srmSpeScheme`** (schemeId) 考评方案 / Evaluation scheme.
//   **Forecast.** `srmPurForecast` (forecastId) 采购预测 / Forecast; screens `purForecastList`, …
const { humanize, parseInlineField, parseTableFields, splitList } = require('./fieldSpec.cjs');

const DECLARATIONS = [
  /^###\s.*?—\s*`(\w+)`(?:\s*\/\s*`(\w+)`)?\s*\((.+?) \/ ([^()]+)\)/,
  /^\*\*`(\w+)`\s*\((.+?) \/ ([^()]+)\)\.?\*\*/,
  /^\*\*`(\w+)`\*\*\s*\((\w+)[^)]*\)\s*(.*)$/,
  /^\*\*[^*`]+\*\*\s*`(\w+)`\s*\((\w+)[^)]*\)\s*(.*)$/,
];

/** "考评方案 / Evaluation scheme." or "招标计划. Screens: …"; undefined when the fields follow at once (": a, b"). */
function labelFromRest(rest) {
  if (rest.startsWith(':')) return undefined;
  const text = rest.split(/[.;](?:\s|$)/)[0].trim();
  const cut = text.lastIndexOf(' / ');
  if (cut > 0) return { cn: text.slice(0, cut).trim(), en: text.slice(cut + 3).trim() };
  return /[\u4e00-\u9fff]/.test(text) ? { cn: text, en: text, untranslated: true } : undefined;
}

function declarationOf(line) {
  for (const [i, re] of DECLARATIONS.entries()) {
    const m = re.exec(line);
    if (!m) continue;
    // Forms 3 and 4 carry the key in parentheses; forms 1 and 2 have it on a **PK:** line.
    if (i === 0) return { name: m[1], lineName: m[2], pk: undefined, label: { cn: m[3].trim(), en: m[4].trim() } };
    if (i === 1) return { name: m[1], pk: undefined, label: { cn: m[2].trim(), en: m[3].trim() } };
    const humanized = humanize(m[1].replace(/^(srm|base)[A-Z][a-z]+/, ''));
    return {
      name: m[1],
      pk: m[2],
      label: labelFromRest(m[3]) ?? { cn: humanized, en: humanized, untranslated: true },
      rest: m[3],
    };
  }
  return undefined;
}

/** Screen routes start lower-case and are not action names (doSubmit…) or entity names. */
const isScreenPath = (token) =>
  /^[a-z]/.test(token) && !/^do[A-Z]/.test(token) && !/^(srm|base)[A-Z]\w*(Head|Header|Line)$/.test(token);
const backticked = (text) => [...text.matchAll(/`([\w/]+)`/g)].map((m) => m[1]);

/** "- `child` (childId; …): a, b lookup X" or "- **Child** `child` (childId): …" or a table row "| `child` (childId) | a, b |". */
function childOf(line) {
  const m = /^\s*(?:[-|]\s*)?(?:\*\*Child(?:ren)?\*\*\s*)?`(\w+)`\s*\((\w+)[^)]*\)\s*[:|]\s*(.+?)\s*\|?\s*$/.exec(line);
  if (!m || !/Id$/.test(m[2])) return undefined;
  const fields = splitList(
    m[3]
      .replace(/\*\*decision:?\*\*.*$/i, '')
      .replace(/\.\s.*$/, '')
      .replace(/\.$/, ''),
  )
    .map(parseInlineField)
    .filter(Boolean);
  return { name: m[1], pk: m[2], fields };
}

function tableRow(line) {
  const cells = line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
  if (cells.length !== 4 || /^-+$/.test(cells[0]) || cells[0] === 'Field') return undefined;
  return parseTableFields(cells[0], cells[1], cells[2], cells[3]);
}

function readBlockLine(entity, line) {
  // "**Line** (PK `requisitionLineId`):" — the table rows that follow belong to the heading's line entity.
  const lineTable = /^\*\*Lines?\*\*\s*\((?:PK\s*)?`?(\w+)`?[^)]*\)(?::\s*(.+))?/.exec(line);
  if (lineTable && entity.lineName) {
    const inline = lineTable[2] ? splitList(lineTable[2].replace(/\.$/, '')).map(parseInlineField).filter(Boolean) : [];
    entity.tableTarget = { name: entity.lineName, pk: lineTable[1], fields: inline };
    return entity.children.push(entity.tableTarget);
  }
  const pk = /PK:?\*{0,2}\s*`(\w+)`/.exec(line);
  if (pk && !entity.pk) entity.pk = pk[1];
  // "- **Screens:**" may list its routes on the indented bullets below it ("  - INSIDE: `purchaseOrderList`…").
  const nested = entity.screensBelow && /^\s{2,}-\s/.test(line);
  if ((/screens?\b|Screens?:/i.test(line) && !/^\s*-\s*`/.test(line)) || nested) {
    const screens = backticked(line)
      .filter(isScreenPath)
      .filter((s) => s !== entity.name);
    entity.screens.push(...screens);
    entity.screensBelow = nested || (!screens.length && /\*\*Screens:\*\*\s*$/.test(line));
  } else entity.screensBelow = false;
  const inline = /^\s*-\s*\*\*Fields:\*\*\s*(.+)$/.exec(line) ?? /\bFields:\s*(.+?)\.\s*(?:Lifecycle|$)/.exec(line);
  if (inline) entity.fields.push(...splitList(inline[1].replace(/\.$/, '')).map(parseInlineField).filter(Boolean));
  const child = childOf(line);
  if (child) return entity.children.push(child);
  if (line.startsWith('|')) (entity.tableTarget ?? entity).fields.push(...(tableRow(line) ?? []));
}

/** Every entity DOMAIN.md declares, in order. Later duplicates of a name are ignored. */
function parseDomain(markdown) {
  const entities = new Map();
  let current;
  for (const line of markdown.split('\n')) {
    const declared = childOf(line) ? undefined : declarationOf(line);
    if (declared) {
      current = entities.has(declared.name) ? undefined : { ...declared, screens: [], fields: [], children: [] };
      if (current) {
        entities.set(current.name, current);
        if (declared.rest?.startsWith(':'))
          current.fields.push(
            ...splitList(declared.rest.slice(1).replace(/\.$/, '')).map(parseInlineField).filter(Boolean),
          );
        else readBlockLine(current, declared.rest ?? '');
        delete current.rest;
      }
      continue;
    }
    if (/^#{1,3}\s/.test(line)) current = undefined;
    else if (current) readBlockLine(current, line);
  }
  return [...entities.values()].map(({ tableTarget, lineName, screensBelow, ...entity }) => entity);
}

/** The entity whose screens include `pagePath` (a spec route such as inspectPlanList). */
function entityForScreen(entities, pagePath) {
  return entities.find((e) => e.screens.includes(pagePath));
}

module.exports = { parseDomain, entityForScreen, declarationOf, childOf };
