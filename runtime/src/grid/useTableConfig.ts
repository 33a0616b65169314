/**
 * The columns a user sees in one grid: the metadata's, rearranged by that user's saved layout.
 * Loading failures fall back to the default columns (the grid must work without the config
 * service); changes are shown at once and saved in the background.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFeedback } from '../core/feedback';
import type { ColumnDescriptor } from '../schema/columnDescriptor';
import { applyLayout, layoutOf, type SavedColumn } from './columnLayout';
import { useTableConfigApi, type GridKey } from './tableConfigApi';

export interface TableConfigState {
  columns: ColumnDescriptor[];
  /** The saved layout has been read (or failed to); before that the defaults show. */
  loaded: boolean;
  change: (columns: ColumnDescriptor[]) => void;
  reset: () => void;
}

export function useTableConfig(defaults: ColumnDescriptor[], key: GridKey | undefined): TableConfigState {
  const api = useTableConfigApi();
  const feedback = useFeedback();
  const [saved, setSaved] = useState<SavedColumn[] | null>(null);
  const [loaded, setLoaded] = useState(!key);
  // Writes go out one after another, so quick clicks can never leave an older layout saved last.
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const pagePath = key?.pagePath;
  const gridName = key?.gridName;

  useEffect(() => {
    if (!pagePath) return;
    let live = true;
    api
      .get({ pagePath, gridName })
      .then((columns) => live && setSaved(columns))
      .catch(() => live && setSaved(null))
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [api, pagePath, gridName]);

  const columns = useMemo(() => applyLayout(defaults, saved), [defaults, saved]);

  const change = useCallback(
    (next: ColumnDescriptor[]) => {
      const layout = layoutOf(next);
      setSaved(layout);
      if (!pagePath) return;
      writes.current = writes.current
        .then(() => api.save({ pagePath, gridName }, layout))
        .catch((error: unknown) => feedback.error(error));
    },
    [api, feedback, pagePath, gridName],
  );

  const reset = useCallback(() => {
    setSaved(null);
    if (!pagePath) return;
    writes.current = writes.current
      .then(() => api.remove({ pagePath, gridName }))
      .catch((error: unknown) => feedback.error(error));
  }, [api, feedback, pagePath, gridName]);

  return { columns, loaded, change, reset };
}
