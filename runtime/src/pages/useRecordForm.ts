/**
 * A Formily form bound to one record: built from the page metadata in the current language,
 * filled from the loaded record (or the entity defaults for a new one).
 */
import type { Form } from '@formily/core';
import type { ISchema } from '@formily/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLanguage } from '../i18n';
import type { DataRecord, EntityDef, PageDef } from '../meta';
import { defaultRecord } from '../schema/entityFields';
import { buildFormSchema } from '../schema/formSchema';
import { useLanguageForm } from './useLanguageForm';

export function useRecordForm(
  page: PageDef,
  entities: Record<string, EntityDef>,
  entity: EntityDef,
  record: DataRecord | null,
  readPretty: boolean,
): { form: Form; schema: ISchema } {
  const language = useLanguage();
  const form = useLanguageForm(readPretty);
  const schema = useMemo(() => buildFormSchema({ page, entities, language }), [page, entities, language]);
  const shown = useRef<DataRecord | null | undefined>(undefined);
  useEffect(() => {
    // Only a newly loaded or saved record replaces the values; a form rebuilt for another
    // language keeps what the user typed (useLanguageForm carries it over).
    if (shown.current === record) return;
    shown.current = record;
    // overwrite: a reloaded record must not keep values (or lines) of the previous version.
    form.setValues(record ? structuredCloneSafe(record) : defaultRecord(entity), 'overwrite');
  }, [form, record, entity]);
  return { form, schema };
}

/** Records are JSON; a JSON round-trip keeps the form from sharing objects with state. */
function structuredCloneSafe(record: DataRecord): DataRecord {
  return JSON.parse(JSON.stringify(record)) as DataRecord;
}
