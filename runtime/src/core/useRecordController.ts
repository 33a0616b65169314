/**
 * One record of an edit/detail page: load by id, save with versionNum, and a conflict flag
 * when the server answers 409 (someone else saved first, docs/architecture.md "Optimistic locking and transactions").
 * The record is read through the app's QueryClient under ['record', area, name, id]
 * (queries.tsx); a save writes its answer there.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { DataRecord, EntityDef } from '../meta';
import { stripFormilyInternals } from '../schema/cleanRecord';
import { isApiError } from './apiError';
import { useDataProvider } from './DataProviderContext';
import { recordKey } from './queries';
import { useQueryErrorFeedback } from './useQueryErrorFeedback';

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
  const client = useQueryClient();
  const [created, setCreated] = useState<{ id: unknown; record: DataRecord } | null>(null);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);

  // The id of a record this page has just created: the URL then gains that id, and reading it back
  // would replace what the user typed since saving with the same saved values (lost typing on a slow link).
  const justCreated = hasId(id) && created !== null && String(created.id) === String(id);
  // Until it is read again, the record this page created (or is creating) is the page's own copy, not
  // the cache's: the router gives the address the new id in a transition that a busy page may
  // postpone by seconds, and switching the source then would take lines the user changed meanwhile
  // back to the saved ones (docs/decisions.md "A new record keeps its lines when the address
  // takes its id").
  const ownRecord = !hasId(id) || justCreated;
  const key = recordKey(entity, id);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => (await provider.findById<DataRecord>(entity, id)) ?? null,
    enabled: !ownRecord,
    // An open form is never refetched behind the user's back (no refetch on focus, see createQueryClient,
    // nor on reconnect; writes only mark records stale): only when it is opened or reloaded.
    refetchOnReconnect: false,
    // No structural sharing: the form takes a record by its differences (pages/patchRecordValues.ts), so
    // keeping equal parts' identity buys nothing, and the deep comparison of a 2,000-line order cost
    // about 50 ms on each save's answer (docs/decisions.md, issue 15).
    structuralSharing: false,
  });
  const { error, refetch } = query;
  // An action pressed right after the first save may finish before the address has taken the new id:
  // the record it changed is read by the id the save answered, or the form would show it unchanged.
  const reloadCreated = useCallback(async () => {
    if (!created || !hasId(created.id)) return null;
    const fresh = (await provider.findById<DataRecord>(entity, created.id)) ?? null;
    if (fresh) {
      setCreated({ id: created.id, record: fresh });
      client.setQueryData(recordKey(entity, created.id), fresh);
    }
    return fresh;
  }, [created, provider, entity, client]);
  const notFound = (isApiError(error) && error.httpStatus === 404) || (query.isSuccess && !query.data);
  // A 404 is the page's "not found", not a message.
  useQueryErrorFeedback(query, [404]);

  const load = useCallback(async () => {
    if (ownRecord) {
      const fresh = await reloadCreated();
      if (fresh) setConflict(false);
      return fresh;
    }
    const result = await refetch();
    if (result.isSuccess) setConflict(false);
    return result.data ?? null;
  }, [ownRecord, refetch, reloadCreated]);

  const save = useCallback(
    async (values: DataRecord) => {
      setSaving(true);
      const loaded = ownRecord ? (created?.record ?? null) : (client.getQueryData<DataRecord | null>(key) ?? null);
      try {
        // The provider's write invalidates the entity's lists and records (queries.tsx); the answer is this record.
        const saved = await provider.saveOrUpdate<DataRecord>(entity, recordForSave(entity, values, loaded));
        const savedId = saved?.[entity.primaryKey];
        if (ownRecord) {
          setCreated({ id: savedId, record: saved });
          if (hasId(savedId)) client.setQueryData(recordKey(entity, savedId), saved);
        } else client.setQueryData(key, saved);
        setConflict(false);
        return saved;
      } catch (error) {
        if (isApiError(error) && error.isConflict) setConflict(true);
        throw error;
      } finally {
        setSaving(false);
      }
    },
    [provider, client, entity, ownRecord, key, created],
  );

  const record = ownRecord ? (created?.record ?? null) : (query.data ?? null);
  return { record, loading: query.isLoading, saving, conflict, notFound, load, save };
}
