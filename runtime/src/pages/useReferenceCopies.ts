/**
 * A pick that brings the picked record's values along (FieldDef.reference.copyFields): a change
 * line that picks the supplier's original contact starts from that contact's name, phone and
 * e-mail, which the user then edits. Only the user's own pick copies (onFieldInputValueChange):
 * loading a saved record never overwrites what was stored.
 */
import { onFieldInputValueChange, type Form } from '@formily/core';
import { useEffect } from 'react';
import { useDataProvider } from '../core/DataProviderContext';
import type { DataProvider } from '../core/dataProvider';
import type { EntityDef, FieldDef, PageDef } from '../meta';
import { referenceTarget } from '../schema/fieldComponent';
import { copiedValues, fetchReferenced } from '../schema/referenceValues';

/** A field that copies, and the Formily path pattern of its fields ("contacts.*.sourceContactId" on lines). */
export interface CopyingField {
  pattern: string;
  field: FieldDef;
}

const copying = (entity: EntityDef | undefined) =>
  (entity?.fields ?? []).filter((f) => Object.keys(f.reference?.copyFields ?? {}).length);

/** The header's copying fields and those of every line grid the page shows. */
export function copyingFields(page: PageDef, entity: EntityDef, entities: Record<string, EntityDef>): CopyingField[] {
  const found: CopyingField[] = copying(entity).map((field) => ({ pattern: field.name, field }));
  for (const lines of page.form?.lines ?? []) {
    const child = entity.children?.find((c) => c.name === lines.child);
    for (const field of copying(child && entities[child.entity]))
      found.push({ pattern: `${lines.child}.*.${field.name}`, field });
  }
  return found;
}

/** Writes the picked row's values beside the field (same record, same line), if the pick still stands. */
export async function copyPicked(
  form: Form,
  provider: DataProvider,
  entities: Record<string, EntityDef>,
  field: FieldDef,
  path: string,
): Promise<void> {
  const value = form.getValuesIn(path);
  const target = referenceTarget(field, entities);
  const row = target && (await fetchReferenced(provider, target, value).catch(() => undefined));
  if (!row || form.getValuesIn(path) !== value) return;
  const base = path.split('.').slice(0, -1);
  for (const [local, copied] of Object.entries(copiedValues(field, row)))
    form.setValuesIn([...base, local].join('.'), copied);
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
      for (const { pattern, field } of fields) {
        onFieldInputValueChange(
          pattern,
          (changed) => void copyPicked(form, provider, entities, field, changed.path.toString()),
        );
      }
    });
    return () => form.removeEffects(id);
  }, [form, page, entity, entities, provider]);
}
