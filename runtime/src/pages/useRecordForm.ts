/**
 * A Formily form bound to one record: built from the page metadata in the current language,
 * filled from the loaded record, or for a new one from the entity defaults — context defaults
 * ($user.userId, $today …) included, with the labels of defaulted references fetched beside them.
 * Picks that copy the picked record's values (reference.copyFields) are wired here too.
 */
import type { Form } from '@formily/core';
import type { ISchema } from '@formily/react';
import { useEffect, useMemo, useRef } from 'react';
import { useDataProvider, useScreen } from '../core/DataProviderContext';
import type { DataProvider } from '../core/dataProvider';
import { currentFilterVars } from '../core/filterVars';
import { useLanguage } from '../i18n';
import type { DataRecord, EntityDef, PageDef } from '../meta';
import { defaultRecord } from '../schema/entityFields';
import { buildFormSchema } from '../schema/formSchema';
import { defaultedLabels } from '../schema/referenceValues';
import { lineKeysOf, patchRecordValues } from './patchRecordValues';
import { useLanguageForm } from './useLanguageForm';
import { useReferenceCopies } from './useReferenceCopies';
import { useReferenceDependencies } from './useReferenceDependencies';

/** A new record's defaults, then (once fetched) the labels of its defaulted references, unless the user changed them meanwhile. */
export function fillNewRecord(
  form: Form,
  provider: DataProvider,
  entity: EntityDef,
  entities: Record<string, EntityDef>,
  values: DataRecord,
): Promise<void> {
  form.setValues(values, 'overwrite');
  return defaultedLabels(provider, entity, entities, values).then((labels) => {
    for (const { field, labelAs, label } of labels) {
      if (form.getValuesIn(field) === values[field]) form.setValuesIn(labelAs, label);
    }
  });
}

export function useRecordForm(
  page: PageDef,
  entities: Record<string, EntityDef>,
  entity: EntityDef,
  record: DataRecord | null,
  readPretty: boolean,
): { form: Form; schema: ISchema } {
  const language = useLanguage();
  const provider = useDataProvider();
  const screen = useScreen();
  const form = useLanguageForm(readPretty);
  const userType = (currentFilterVars(screen).user as { userType?: string } | undefined)?.userType;
  const schema = useMemo(
    () => buildFormSchema({ page, entities, language, userType }),
    [page, entities, language, userType],
  );
  const shown = useRef<DataRecord | null | undefined>(undefined);
  useEffect(() => {
    // Only a newly loaded or saved record replaces the values; a form rebuilt for another
    // language keeps what the user typed (useLanguageForm carries it over).
    if (shown.current === record) return;
    const previous = shown.current;
    shown.current = record;
    // The same record again (a save's answer, a reload): only what differs is set, with the
    // overwrite's result (patchRecordValues) but without re-rendering every line.
    if (record && previous && sameRecord(entity, previous, record))
      patchRecordValues(form, record, lineKeysOf(entity, entities));
    // overwrite: another record must not keep values (or lines) of the previous one.
    else if (record) form.setValues(structuredCloneSafe(record), 'overwrite');
    else void fillNewRecord(form, provider, entity, entities, defaultRecord(entity, currentFilterVars(screen)));
  }, [form, record, entity, entities, provider, screen]);
  useReferenceCopies(form, page, entity, entities);
  useReferenceDependencies(form, page, entity, entities);
  return { form, schema };
}

function sameRecord(entity: EntityDef, a: DataRecord, b: DataRecord): boolean {
  const key = entity.primaryKey;
  return a[key] !== undefined && a[key] !== null && a[key] !== '' && String(a[key]) === String(b[key]);
}

/** Records are JSON; a JSON round-trip keeps the form from sharing objects with state. */
function structuredCloneSafe(record: DataRecord): DataRecord {
  return JSON.parse(JSON.stringify(record)) as DataRecord;
}
