// Field specs of DOMAIN.md → field definitions of the meta-model (metadata/schema/field.schema.json).
// DOMAIN writes a field either as a table row (| name* | type | 中文 | English |) or inline in a
// list ("indicatorCode*, assessmentDimension lookup SPE_ASSESSMENT_DIMENSION*, fullScore decimal(7,2)*").

/** Well-known keys whose target entity DOMAIN does not spell out every time. */
const KNOWN_REFERENCES = {
  supplierId: 'srmSlcSupplierInfo',
  orgId: 'baseOrganization',
  invOrgId: 'baseOrganization',
  userId: 'baseUsers',
  buyerId: 'baseUsers',
  requesterId: 'baseUsers',
  leaderId: 'baseUsers',
  categoryId: 'srmBaseCategory',
  classifyId: 'srmBaseCategory',
  itemId: 'srmBaseMaterialItem',
};

/** "indicatorCode" → "Indicator code": the English label until someone writes a better one. */
function humanize(name) {
  const words = name
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Splits at commas outside parentheses. */
function splitList(text) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** The type part of a spec ("lookup X", "ref → y", "decimal(7,2)", "SRM_APPROVE_STATUS"…) → field properties. */
function typeOf(name, spec) {
  const text = spec.replace(/\*/g, ' ').trim();
  let m;
  if ((m = /^lookup\s+([A-Z][A-Z0-9_]*)/.exec(text))) return { type: 'lookup', lookupType: m[1] };
  if ((m = /^ref(?:\s*→\s*(\w+))?/.exec(text))) return referenceOf(name, m[1]);
  if ((m = /^string\((\d+)\)/.exec(text))) return { type: 'string', length: Number(m[1]) };
  if ((m = /^decimal\((\d+),\s*(\d+)\)/.exec(text)))
    return { type: 'decimal', precision: Number(m[1]), scale: Number(m[2]) };
  if ((m = /^(text|integer|money|quantity|date|datetime|flag|json|attachment)\b/.exec(text))) return { type: m[1] };
  if ((m = /^([A-Z][A-Z0-9_]{2,})\b/.exec(text))) return { type: 'lookup', lookupType: m[1] };
  return typeFromName(name);
}

function referenceOf(name, target) {
  const entity = target ?? KNOWN_REFERENCES[name];
  return entity ? { type: 'reference', reference: { entity } } : { type: 'integer' };
}

/** No type written: the name says it (…Id, …Date, …Flag, …Qty, amounts and prices). */
function typeFromName(name) {
  if (KNOWN_REFERENCES[name]) return referenceOf(name);
  if (/Id$/.test(name)) return { type: 'integer' };
  if (/Ids$/.test(name)) return { type: 'attachment' };
  if (/DateTime$|Time$/.test(name)) return { type: 'datetime' };
  if (/Date$|^date|^valid(From|To)$|(Start|End)$/.test(name)) return { type: 'date' };
  if (/Rate$|Score$|Weight$|weight|proportion/i.test(name)) return { type: 'decimal', precision: 12, scale: 4 };
  if (/^(lineNum|count|.*Days|.*Num)$/.test(name)) return { type: 'integer' };
  if (/Flag$/.test(name)) return { type: 'flag' };
  if (/Qty$|Quantity$/.test(name)) return { type: 'quantity' };
  if (/Amount|Price/.test(name)) return { type: 'money' };
  if (/^(remark|description|comment|conclusion)/i.test(name)) return { type: 'text' };
  return { type: 'string', length: 200 };
}

/** One field from an inline item such as "weight decimal(7,4)*" or "inspectFlag (参与考察/Participate in inspection)". */
function parseInlineField(item) {
  const m = /^(\w+)(\*)?\s*(.*)$/.exec(item.trim());
  if (!m || !/^[a-z]/.test(m[1])) return undefined;
  const [, name, star, rest] = m;
  const labelMatch = /\(([^()/]*[\u4e00-\u9fff][^()/]*)\/([^()]+)\)/.exec(rest);
  const spec = rest.replace(/\([^)]*[\u4e00-\u9fff][^)]*\)/g, '').trim();
  const label = labelMatch
    ? { cn: labelMatch[1].trim(), en: labelMatch[2].trim() }
    : { cn: humanize(name), en: humanize(name), untranslated: true };
  return { name, required: !!star || /\*\s*$/.test(spec), label, ...typeOf(name, spec) };
}

/** Fields of a table row: "planStartDate* / planEndDate*" gives two fields; "自评/专家/最终得分" splits with them. */
function parseTableFields(nameCell, typeCell, cn, en) {
  const names = nameCell
    .split('/')
    .map((n) => n.trim())
    .filter(Boolean);
  const cnParts = cn.split('/');
  const enParts = en.split('/');
  return names.flatMap((raw, i) => {
    const m = /^(\w+)(\*)?$/.exec(raw);
    if (!m || !/^[a-z]/.test(m[1])) return [];
    const pick = (parts, whole) =>
      parts.length === names.length ? parts[i].trim() : `${whole.trim()}${names.length > 1 ? ` (${i + 1})` : ''}`;
    return [
      {
        name: m[1],
        required: !!m[2],
        label: { cn: pick(cnParts, cn), en: pick(enParts, en) },
        ...typeOf(m[1], typeCell),
      },
    ];
  });
}

module.exports = { splitList, parseInlineField, parseTableFields, humanize, KNOWN_REFERENCES };
