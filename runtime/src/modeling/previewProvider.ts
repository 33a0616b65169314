/**
 * The data provider of the page preview only: the draft entities' records come from sample rows
 * in memory, saves stay in memory, every button of the draft page is "granted"; lookups and
 * reference pickers of published entities still read the real server (read-only calls).
 * Column layouts (tableConfigRestful) stay in memory too: the server keeps layouts only for
 * published pages and answers 400 for a draft's path.
 */
import type { DataProvider, EntityAddress, ListQuery } from '../core/dataProvider';
import type { GridKey, PreferencesProvider, SavedColumn } from '../core/preferences';
import type { DataRecord, EntityDef, PageDef } from '../meta';
import { sampleRows } from './sampleData';

/** The preview serves the draft's data and its grid layouts: PagePreview provides it for both. */
export type PreviewProvider = DataProvider & PreferencesProvider & { forScreen(): PreviewProvider };

export function createPreviewProvider(
  base: DataProvider,
  entities: Record<string, EntityDef>,
  pages: PageDef[],
): PreviewProvider {
  const rows = new Map<string, DataRecord[]>();
  const rowsOf = (name: string) => {
    if (!rows.has(name)) rows.set(name, sampleRows(entities[name], 3, entities));
    return rows.get(name)!;
  };
  const layouts = new Map<string, SavedColumn[]>();
  const layoutKey = (key: GridKey) => `${key.pagePath}#${key.gridName ?? ''}`;
  const isDraft = (entity: EntityAddress) => Boolean(entities[entity.name]);
  const keyOf = (entity: EntityAddress) => entities[entity.name].primaryKey;
  const provider: PreviewProvider = {
    ...base,
    async findById<T>(entity: EntityAddress, id: unknown) {
      if (!isDraft(entity)) return base.findById<T>(entity, id);
      return (rowsOf(entity.name).find((r) => String(r[keyOf(entity)]) === String(id)) ?? {}) as T;
    },
    async listByPage<T>(entity: EntityAddress, query: ListQuery, api?: string) {
      if (!isDraft(entity)) return base.listByPage<T>(entity, query, api);
      const all = rowsOf(entity.name);
      return { rows: all as T[], page: { count: all.length, pageIndex: query.pageIndex, pageRows: query.pageRows } };
    },
    async saveOrUpdate<T>(entity: EntityAddress, record: DataRecord) {
      if (!isDraft(entity)) throw new Error('preview');
      const all = rowsOf(entity.name);
      const key = keyOf(entity);
      const saved = { ...record, [key]: record[key] ?? all.length + 1 };
      rows.set(entity.name, [...all.filter((r) => r[key] !== saved[key]), saved]);
      return saved as T;
    },
    async findByMenuResp() {
      return pages.flatMap((p) => p.actions ?? []).map((a) => ({ resourceCode: a.resourceCode }) as never);
    },
    async findPage(path: string) {
      const page = pages.find((p) => p.path === path);
      return page ? { page, entities } : base.findPage(path);
    },
    async getTableConfig(key: GridKey) {
      return layouts.get(layoutKey(key)) ?? null;
    },
    async createOrUpdateTableConfig(key: GridKey, columns: SavedColumn[]) {
      layouts.set(layoutKey(key), columns);
    },
    async deleteTableConfig(key: GridKey) {
      layouts.delete(layoutKey(key));
    },
    forScreen: () => provider,
  };
  return provider;
}
