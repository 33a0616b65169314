// Entity and page metadata skeletons from a DOMAIN entity: the starting point a developer then
// refines (labels to translate, lookups to define, a lifecycle), not a finished screen.
const { humanize } = require('./fieldSpec.cjs');

const toSnake = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const lowerFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);

/** The key DOMAIN leaves unsaid: srmPurDeliveryNote → deliveryNoteId. */
function primaryKeyOf(entity) {
  return entity.pk ?? `${lowerFirst(entity.name.replace(/^(srm|base)([A-Z][a-z]{2}(?=[A-Z]))?/, ''))}Id`;
}

/** A field definition of the meta-model; `exists` says whether a referenced entity is there to point at. */
function fieldDoc(field, exists) {
  const { name, label, required, type } = field;
  const doc = { name, label: { cn: label.cn, en: label.en }, type };
  if (field.length) doc.length = field.length;
  if (field.precision) Object.assign(doc, { precision: field.precision, scale: field.scale });
  if (field.lookupType) doc.lookupType = field.lookupType;
  if (field.reference) {
    // A reference to an entity nobody has modelled yet would not load: keep the key as a number.
    if (exists(field.reference.entity)) doc.reference = { entity: field.reference.entity };
    else doc.type = 'integer';
  }
  if (required) doc.required = true;
  return doc;
}

/** srmSlcInspectPlanStaff → "Inspect plan staff" (in both languages until someone translates it). */
function labelOf(entity) {
  if (entity.label) return { cn: entity.label.cn, en: entity.label.en };
  const text = humanize(entity.name.replace(/^(srm|base)([A-Z][a-z]{2}(?=[A-Z]))?/, ''));
  return { cn: text, en: text };
}

function entityDoc(entity, { exists, parent, parentLabel, foreignKey }) {
  const pk = primaryKeyOf(entity);
  const fields = entity.fields.filter(
    (f, i, all) => f.name !== pk && f.name !== foreignKey && all.findIndex((g) => g.name === f.name) === i,
  );
  const doc = {
    metaVersion: 1,
    kind: 'entity',
    name: entity.name,
    area: entity.name.startsWith('base') ? 'baseServer' : 'srmServer',
    table: toSnake(entity.name),
    label: labelOf(entity),
    primaryKey: pk,
  };
  if (parent) doc.parent = parent;
  const display = fields.find((f) => f.type === 'string');
  if (display) doc.displayField = display.name;
  doc.fields = [
    ...(foreignKey
      ? [
          {
            name: foreignKey,
            label: parentLabel ?? { cn: humanize(foreignKey), en: humanize(foreignKey) },
            type: 'integer',
            index: true,
          },
        ]
      : []),
    ...fields.map((f) => fieldDoc(f, exists)),
  ];
  doc.rowScope = scopeOf(doc, parent);
  return doc;
}

/**
 * A starting row scope the developer confirms (docs/developer-guide.md, "Row scope"): lines through
 * their header, documents that carry supplierId as the supplier's own rows, the rest internal only.
 * Internal permits (orgField, categoryField) are the developer's to add.
 */
function scopeOf(doc, parent) {
  if (parent) return { fromParent: true };
  if (doc.fields.some((f) => f.name === 'supplierId')) return { supplierField: 'supplierId' };
  return { internalOnly: true };
}

const camelWords = (name) => name.match(/[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])/g) ?? [name];

/** The header's property for a child's rows: srmSlcSupplierInfo + srmSlcSupplierContact → contacts. */
function childProperty(headerName, childName) {
  const header = camelWords(headerName);
  const child = camelWords(childName);
  let common = 0;
  while (common < child.length - 1 && header[common] === child[common]) common++;
  const rest = child.slice(common).join('');
  if (rest.endsWith('s')) return lowerFirst(rest);
  return lowerFirst(/[^aeiou]y$/.test(rest) ? `${rest.slice(0, -1)}ies` : `${rest}s`);
}

/** The header entity and one line entity per DOMAIN child, linked by the header's key. */
function entityDocs(entity, exists) {
  const headerKey = primaryKeyOf(entity);
  const lines = entity.children.map((child) =>
    entityDoc(child, { exists, parent: entity.name, parentLabel: labelOf(entity), foreignKey: headerKey }),
  );
  const header = entityDoc(entity, { exists });
  if (lines.length) {
    header.children = entity.children.map((child) => ({
      name: childProperty(entity.name, child.name),
      entity: child.name,
      foreignKey: headerKey,
      label: labelOf(child),
    }));
  }
  return [header, ...lines];
}

/** Labels that are still the humanized field name in both languages: the developer translates them. */
function untranslatedLabels(entity) {
  const all = [entity, ...entity.fields, ...entity.children, ...entity.children.flatMap((c) => c.fields)];
  return all.filter((x) => !x.label || x.label.untranslated || !/[\u4e00-\u9fff]/.test(x.label.cn)).map((x) => x.name);
}

module.exports = { childProperty, entityDocs, primaryKeyOf, untranslatedLabels, toSnake };
