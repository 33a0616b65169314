/**
 * The grid's view of tableConfigRestful (DESIGN section 4): the signed-in user's own grid layouts,
 * through the screen's DataProvider (so tests use the fake one). A test may replace it with
 * TableConfigApiContext.
 */
import { createContext, useContext, useMemo } from 'react';
import { useDataProvider } from '../core/DataProviderContext';
import type { GridKey } from '../core/dataProvider';
import type { SavedColumn } from './columnLayout';

export type { GridKey } from '../core/dataProvider';

export interface TableConfigApi {
  get(key: GridKey): Promise<SavedColumn[] | null>;
  save(key: GridKey, columns: SavedColumn[]): Promise<void>;
  remove(key: GridKey): Promise<void>;
}

/** Set only by tests that want their own; otherwise the DataProvider answers. */
export const TableConfigApiContext = createContext<TableConfigApi | null>(null);

export function useTableConfigApi(): TableConfigApi {
  const injected = useContext(TableConfigApiContext);
  const provider = useDataProvider();
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
