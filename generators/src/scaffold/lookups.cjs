// Lookup types DOMAIN.md defines, for the scaffolded entities that use them:
//   | SLC_INSPECT_TYPE | ADMISSION 准入考察/Admission audit; ANNUAL 年度审核/Annual audit |   (value tables)
//   **Status `SLC_INSPECT_PLAN_STATUS`.** The values are DRAFT, SUBMITTED, APPROVED 已批准/Approved, …
// Bare standard codes (DRAFT, SUBMITTED…) take the meanings of an existing lookup type that has them.

const STATUS_COLORS = {
  DRAFT: 'default',
  SUBMITTED: 'processing',
  APPROVED: 'success',
  REJECTED: 'error',
  WITHDRAWN: 'warning',
};

/** "APPROVED 已批准/Approved" → {code, cn, en}; "ISO9001" → {code}. */
function lookupValueOf(text) {
  const m = /^([A-Z][A-Z0-9_]*)(?:\s+(.+?)\/(.+))?$/.exec(text.trim());
  return m ? { code: m[1], cn: m[2]?.trim(), en: m[3]?.trim() } : undefined;
}

function tableLookups(line) {
  const cells = line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
  if (cells.length !== 2 || !/^[A-Z][A-Z0-9_]+(,\s*[A-Z][A-Z0-9_]+)*$/.test(cells[0])) return [];
  const values = cells[1].split(';').map(lookupValueOf);
  if (!values.length || values.some((v) => !v)) return [];
  return cells[0].split(',').map((type) => ({ type: type.trim(), values }));
}

function statusLookup(line) {
  const m = /\*\*Status `([A-Z][A-Z0-9_]+)`\.\*\*\s*The values are (.+?)\.?\s*$/.exec(line);
  if (!m) return [];
  const values = m[2]
    .replace(/\sand\s/g, ', ')
    .split(',')
    .map(lookupValueOf);
  return values.every(Boolean) ? [{ type: m[1], values }] : [];
}

/** Every lookup type DOMAIN.md gives the values of, by type. */
function parseDomainLookups(markdown) {
  const found = new Map();
  for (const line of markdown.split('\n')) {
    for (const lookup of [...tableLookups(line), ...statusLookup(line)])
      if (!found.has(lookup.type)) found.set(lookup.type, lookup.values);
  }
  return found;
}

/** A lookup type document entry; `knownMeaning(code)` supplies labels DOMAIN leaves out. */
function lookupTypeDoc(type, values, knownMeaning) {
  return {
    lookupType: type,
    meaning: { cn: type, en: type },
    systemCode: 'SRM',
    values: values.map((v, i) => {
      const known = v.cn ? undefined : knownMeaning(v.code);
      const meaning = v.cn ? { cn: v.cn, en: v.en } : (known ?? { cn: v.code, en: v.code });
      return {
        lookupCode: v.code,
        meaning,
        seqNum: i + 1,
        ...(STATUS_COLORS[v.code] && { color: STATUS_COLORS[v.code] }),
        enabledFlag: 'Y',
      };
    }),
  };
}

module.exports = { parseDomainLookups, lookupTypeDoc };
