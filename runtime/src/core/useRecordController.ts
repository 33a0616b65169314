/**
 * One record of an edit/detail page: load by id, save with versionNum, and a conflict flag
 * when the server answers 409 (someone else saved first, DESIGN section 5: lost updates).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataRecord, EntityDef } from '../meta';
import { stripFormilyInternals } from '../schema/cleanRecord';
import { isApiError } from './apiError';
import { useDataProvider } from './DataProviderContext';
import { useFeedback } from './feedback';

export interface RecordController {
  record: DataRecord | null;
  loading: boolean;
  saving: boolean;
  conflict: boolean;
  notFound: boolean;
  load: () => Promise<DataRecord | null>;
  /** Saves and returns the re-read record; rethrows ApiError so the page can place field errors. */
  save: (values: DataRecord) => Promise<DataRecord>;
}

export function hasId(id: unknown): boolean {
  return id !== undefined && id !== null && id !== '';
}

/** The record to send: form values without Formily bookkeeping, key and versionNum kept. */
export function recordForSave(entity: EntityDef, values: DataRecord, loaded: DataRecord | null): DataRecord {
  const record = stripFormilyInternals({ ...values });
  if (loaded) {
    if (!hasId(record[entity.primaryKey])) record[entity.primaryKey] = loaded[entity.primaryKey];
    if (record.versionNum === undefined) record.versionNum = loaded.versionNum;
  }
  return record;
}

export function useRecordController(entity: EntityDef, id: unknown): RecordController {
  const provider = useDataProvider();
  const feedback = useFeedback();
  const [record, setRecord] = useState<DataRecord | null>(null);
  const [loading, setLoading] = useState(hasId(id));
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [notFound, setNotFound] = useState(false);

  // The id of a record this page has just created: the URL then gains that id, and reading it back
  // would replace what the user typed since saving with the same saved values (lost typing on a slow link).
  const createdId = useRef<unknown>(undefined);

  const load = useCallback(async () => {
    if (hasId(id) && createdId.current !== undefined && String(createdId.current) === String(id)) {
      createdId.current = undefined;
      setLoading(false);
      return null;
    }
    if (!hasId(id)) {
      setRecord(null);
      setLoading(false);
      return null;
    }
    setLoading(true);
    try {
      const loaded = await provider.findById<DataRecord>(entity, id);
      setRecord(loaded);
      setConflict(false);
      setNotFound(!loaded);
      return loaded;
    } catch (error) {
      if (isApiError(error) && error.httpStatus === 404) setNotFound(true);
      else feedback.error(error);
      return null;
    } finally {
      setLoading(false);
    }
  }, [provider, feedback, entity, id]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = useCallback(
    async (values: DataRecord) => {
      setSaving(true);
      try {
        const saved = await provider.saveOrUpdate<DataRecord>(entity, recordForSave(entity, values, record));
        if (!hasId(id)) createdId.current = saved?.[entity.primaryKey];
        setRecord(saved);
        setConflict(false);
        return saved;
      } catch (error) {
        if (isApiError(error) && error.isConflict) setConflict(true);
        throw error;
      } finally {
        setSaving(false);
      }
    },
    [provider, entity, record, id],
  );

  return { record, loading, saving, conflict, notFound, load, save };
}
