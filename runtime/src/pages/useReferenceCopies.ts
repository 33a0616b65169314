/**
 * A pick that brings the picked record's values along (FieldDef.reference.copyFields): a change
 * line that picks the supplier's original contact starts from that contact's name, phone and
 * e-mail, which the user then edits; a requisition line that picks an item takes its code, name,
 * category and unit. Only the user's own pick copies (onFieldInputValueChange): loading a saved
 * record never overwrites what was stored.
 */
import { onFieldInputValueChange, type Form } from '@formily/core';
import { useEffect } from 'react';
import { useDataProvider } from '../core/DataProviderContext';
import type { DataProvider } from '../core/dataProvider';
import type { DataRecord, EntityDef, FieldDef, PageDef } from '../meta';
import { referenceTarget } from '../schema/fieldComponent';
import { copiedValues, fetchReferenced, labelOf } from '../schema/referenceValues';

/** A field that copies, the entity it is on, and the Formily path pattern of its fields ("contacts.*.sourceContactId" on lines). */
export interface CopyingField {
  pattern: string;
  field: FieldDef;
  owner: EntityDef;
}

const copying = (entity: EntityDef | undefined) =>
  (entity?.fields ?? []).filter((f) => Object.keys(f.reference?.copyFields ?? {}).length);

/** The header's copying fields and those of every line grid the page shows. */
export function copyingFields(page: PageDef, entity: EntityDef, entities: Record<string, EntityDef>): CopyingField[] {
  const found: CopyingField[] = copying(entity).map((field) => ({ pattern: field.name, field, owner: entity }));
  for (const lines of page.form?.lines ?? []) {
    const child = entity.children?.find((c) => c.name === lines.child);
    const owner = child && entities[child.entity];
    for (const field of copying(owner)) found.push({ pattern: `${lines.child}.*.${field.name}`, field, owner: owner! });
  }
  return found;
}

/**
 * The labels of the copied values that are references themselves (an item's category): without
 * them the picker beside the copied value would show its bare id until the record is saved.
 */
async function copiedLabels(
  provider: DataProvider,
  entities: Record<string, EntityDef>,
  owner: EntityDef,
  copied: DataRecord,
): Promise<DataRecord> {
  const labels: DataRecord = {};
  for (const [local, value] of Object.entries(copied)) {
    const field = owner.fields.find((f) => f.name === local);
    const target = field && referenceTarget(field, entities, owner);
    if (!target?.labelAs || value === null) continue;
    const row = await fetchReferenced(provider, target, value).catch(() => undefined);
    labels[target.labelAs] = row ? labelOf(target, row) : null;
  }
  return labels;
}

/** Writes the picked row's values beside the field (same record, same line), if the pick still stands. */
export async function copyPicked(
  form: Form,
  provider: DataProvider,
  entities: Record<string, EntityDef>,
  { field, owner }: Pick<CopyingField, 'field' | 'owner'>,
  path: string,
): Promise<void> {
  const value = form.getValuesIn(path);
  const base = path.split('.').slice(0, -1);
  const at = (local: string) => [...base, local].join('.');
  // What the user changes while the picked row is read (a category chosen right after the item) stays.
  const before = Object.keys(field.reference?.copyFields ?? {}).map((local) => [local, form.getValuesIn(at(local))]);
  const target = referenceTarget(field, entities);
  const row = target && (await fetchReferenced(provider, target, value).catch(() => undefined));
  if (!row || form.getValuesIn(path) !== value) return;
  const untouched = new Set(before.filter(([local, was]) => form.getValuesIn(at(local)) === was).map(([l]) => l));
  const copied = Object.fromEntries(Object.entries(copiedValues(field, row)).filter(([local]) => untouched.has(local)));
  const labels = await copiedLabels(provider, entities, owner, copied);
  if (form.getValuesIn(path) !== value) return;
  // Labels first: a copied reference's picker then draws its label, never the id alone.
  for (const [local, next] of Object.entries({ ...labels, ...copied })) form.setValuesIn(at(local), next);
}

export function useReferenceCopies(
  form: Form,
  page: PageDef,
  entity: EntityDef,
  entities: Record<string, EntityDef>,
): void {
  const provider = useDataProvider();
  useEffect(() => {
    const fields = copyingFields(page, entity, entities);
    if (!fields.length) return;
    const id = 'referenceCopies';
    form.addEffects(id, () => {
      for (const copying of fields) {
        onFieldInputValueChange(
          copying.pattern,
          (changed) => void copyPicked(form, provider, entities, copying, changed.path.toString()),
        );
      }
    });
    return () => form.removeEffects(id);
  }, [form, page, entity, entities, provider]);
}
