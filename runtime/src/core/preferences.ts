/**
 * A user's saved preferences (tableConfigRestful): the layout of a grid. Its own module, below
 * both the data provider and the grid, so that neither imports the other for these types.
 */

/** A grid of a page whose layout a user saves: the page path and the grid's name (default main). */
export interface GridKey {
  pagePath: string;
  gridName?: string;
}

/** One column of a saved layout: its key, whether shown, and its width. */
export interface SavedColumn {
  key: string;
  visible: boolean;
  width?: number;
}

/** The signed-in user's saved grid layouts; the server takes the user from the session. */
export interface PreferencesProvider {
  getTableConfig(key: GridKey): Promise<SavedColumn[] | null>;
  createOrUpdateTableConfig(key: GridKey, columns: SavedColumn[]): Promise<void>;
  deleteTableConfig(key: GridKey): Promise<void>;
}
