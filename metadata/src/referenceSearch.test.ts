import { describe, expect, it } from 'vitest';
import type { EntityDef } from './generated/meta-model';
import { loadDocumentFiles } from './loader';
import { codeField, referenceSearchFields } from './referenceSearch';
import { MetadataRegistry } from './registry';

const label = { cn: '物料', en: 'Item' };
const item: EntityDef = {
  kind: 'entity',
  name: 'item',
  area: 'srmServer',
  table: 'item',
  label,
  primaryKey: 'itemId',
  displayField: 'itemName',
  fields: [
    { name: 'itemId', type: 'integer', label },
    { name: 'erpId', type: 'integer', label, unique: true },
    { name: 'itemCode', type: 'string', label, unique: true },
    { name: 'barcode', type: 'string', label, unique: true },
    { name: 'itemName', type: 'string', label },
    { name: 'itemNameEn', type: 'string', label },
  ],
};

describe('what a reference picker searches', () => {
  it("a record's code is its first unique text field", () => {
    expect(codeField(item)).toBe('itemCode');
    const [key, ...rest] = item.fields;
    const uncoded = rest.filter((f) => f.type !== 'string' || !f.unique);
    expect(codeField({ ...item, fields: [key, ...uncoded] })).toBeUndefined();
    expect(codeField(undefined)).toBeUndefined();
  });

  it('the label in both languages, then the code, each once', () => {
    expect(referenceSearchFields('itemName', item)).toEqual(['itemName', 'itemNameEn', 'itemCode']);
    expect(referenceSearchFields('itemCode', item)).toEqual(['itemCode']);
    expect(referenceSearchFields('itemName', undefined)).toEqual(['itemName']);
  });
});

describe('the application metadata: picks copy what their record keeps of the picked one', () => {
  it("a record that keeps the picked record's code beside the reference copies it on the pick", () => {
    const registry = MetadataRegistry.load(loadDocumentFiles());
    const missing: string[] = [];
    for (const entity of registry.entities()) {
      for (const field of entity.fields) {
        const ref = field.reference;
        // A reference to the record's own entity (a parent category) keeps its own code, not the target's.
        if (!ref || field.serverOnly || ref.entity === entity.name) continue;
        const code = codeField(registry.entity(ref.entity)?.def);
        const kept = code && entity.fields.find((f) => f.name === code && !f.serverOnly);
        if (kept && !ref.copyFields?.[code]) missing.push(`${entity.name}.${field.name} → ${code}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
