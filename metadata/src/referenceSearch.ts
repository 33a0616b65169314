/**
 * What a reference picker matches typed text against: the label it shows (in both languages when
 * the target has `{label}En`) and the target's code — people know an item by its number as much
 * as by its name (issue 33, item 12). The runtime's picker searches these fields and the server
 * lets a picker-only menu filter on them (server/src/access/pickerFields.ts), so both read them here.
 */
import type { EntityDef } from './generated/meta-model';

/**
 * The field a record is known by besides its name: the target's first single-field unique string
 * (itemCode, supplierCode, poNumber). Composite keys (a code unique per organisation) name no record
 * alone and are left out.
 */
export function codeField(entity: EntityDef | undefined): string | undefined {
  return entity?.fields.find((f) => f.unique && f.type === 'string' && !f.serverOnly)?.name;
}

/** The target's fields a picker searches: the label field, its English twin, then the code; no duplicates. */
export function referenceSearchFields(labelField: string | undefined, target: EntityDef | undefined): string[] {
  const has = (name: string) => !!target?.fields.some((f) => f.name === name && !f.serverOnly);
  const english = labelField && has(`${labelField}En`) ? `${labelField}En` : undefined;
  const fields = [labelField, english, codeField(target)].filter((name): name is string => !!name);
  return [...new Set(fields)];
}
