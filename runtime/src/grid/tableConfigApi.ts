/**
 * The grid's view of tableConfigRestful (docs/architecture.md "Table config"): the signed-in user's own grid layouts,
 * through the PreferencesProvider (so tests use the fake one). A test may replace it with
 * TableConfigApiContext.
 */
import { createContext, useContext, useMemo } from 'react';
import { usePreferences } from '../core/DataProviderContext';
import type { GridKey, SavedColumn } from '../core/preferences';

export type { GridKey } from '../core/preferences';

export interface TableConfigApi {
  get(key: GridKey): Promise<SavedColumn[] | null>;
  save(key: GridKey, columns: SavedColumn[]): Promise<void>;
  remove(key: GridKey): Promise<void>;
}

/** Set only by tests that want their own; otherwise the PreferencesProvider answers. */
export const TableConfigApiContext = createContext<TableConfigApi | null>(null);

export function useTableConfigApi(): TableConfigApi {
  const injected = useContext(TableConfigApiContext);
  const provider = usePreferences();
  // One object per provider: the grid's load effect depends on it.
  return useMemo(
    () =>
      injected ?? {
        get: (key) => provider.getTableConfig(key),
        save: (key, columns) => provider.createOrUpdateTableConfig(key, columns),
        remove: (key) => provider.deleteTableConfig(key),
      },
    [injected, provider],
  );
}
