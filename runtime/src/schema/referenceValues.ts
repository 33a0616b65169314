/**
 * What a form takes from a referenced record besides its key: the label shown beside a value the
 * form filled itself (a context default such as the requester), and the values a pick copies
 * (FieldDef.reference.copyFields). Both read the target as a reference picker does — listByPage
 * filtered on the value field — so the server's picker rights (pickerFields.ts) apply.
 */
import type { DataProvider } from '../core/dataProvider';
import { getLanguage } from '../core/language';
import type { DataRecord, EntityDef, FieldDef } from '../meta';
import { referenceTarget, type ReferenceTarget } from './fieldComponent';
import { targetRowLabel } from './referenceLabel';

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The target's row whose value field holds value; undefined when the caller may not read it. */
export async function fetchReferenced(
  provider: DataProvider,
  target: ReferenceTarget,
  value: unknown,
): Promise<DataRecord | undefined> {
  if (!target.area || isBlank(value)) return undefined;
  const { rows } = await provider.listByPage<DataRecord>(
    { name: target.name, area: target.area },
    {
      params: {},
      filter: { field: target.valueField, op: 'eq', value: value as string | number },
      pageIndex: 1,
      pageRows: 1,
    },
  );
  return rows[0];
}

/** The row's label in the interface's language, as pickers show it (schema/referenceLabel). */
export function labelOf(target: ReferenceTarget, row: DataRecord): string {
  return targetRowLabel(target, row, getLanguage());
}

/** The label of a defaulted reference field, and where the record carries it. */
export interface DefaultedLabel {
  field: string;
  labelAs: string;
  label: string;
}

/**
 * Labels of the reference fields a new record's defaults filled (by labelAs): a defaulted
 * requester shows the user's name, not "7". Fields whose target cannot be read keep no label.
 */
export async function defaultedLabels(
  provider: DataProvider,
  entity: EntityDef,
  entities: Record<string, EntityDef>,
  values: DataRecord,
): Promise<DefaultedLabel[]> {
  const defaulted = entity.fields.filter(
    (f) => f.type === 'reference' && !isBlank(values[f.name]) && !isBlank(f.default),
  );
  const labels = await Promise.all(
    defaulted.map(async (field): Promise<DefaultedLabel | undefined> => {
      const target = referenceTarget(field, entities);
      if (!target?.labelAs || !isBlank(values[target.labelAs])) return undefined;
      const row = await fetchReferenced(provider, target, values[field.name]).catch(() => undefined);
      return row && { field: field.name, labelAs: target.labelAs, label: labelOf(target, row) };
    }),
  );
  return labels.filter((l): l is DefaultedLabel => !!l);
}

/** The values a pick copies into the picking record: { thisField: the target row's field }. */
export function copiedValues(field: FieldDef, row: DataRecord): DataRecord {
  const values: DataRecord = {};
  for (const [local, source] of Object.entries(field.reference?.copyFields ?? {})) values[local] = row[source] ?? null;
  return values;
}
