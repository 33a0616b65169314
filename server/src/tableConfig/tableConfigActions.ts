/**
 * tableConfigRestful (docs/architecture.md "Table config"): the signed-in user's own layout of a grid — column order,
 * visibility and width — per page and grid. Session level: whose config it is comes only from the
 * session, never from the body, so one user can neither read nor overwrite another's.
 */
import { Errors } from '../http/apiError';
import { caller } from '../home/readerContext';
import type { Kernel } from '../kernel';
import type { ActionRegistry } from '../platform/actionRegistry';
import { systemContext } from '../resource/context';
import { formatDateTime } from '../util/time';
import { parseColumns, parseConfigKey, readStoredColumns, type TableConfigKey } from './tableConfigRules';

const NAME = 'baseTableConfig';
const AREA = 'srmServer';
const RESOURCE = 'tableConfigRestful';

/** The key of the body, for a page the metadata knows (a made-up path would only fill the table). */
function configKey(body: Record<string, unknown>, kernel: Kernel): TableConfigKey {
  const key = parseConfigKey(body);
  if (!kernel.registry.page(key.pagePath))
    throw Errors.badRequest('页面不存在', `There is no page ${key.pagePath}`, [
      { field: 'pagePath', message: 'unknown page' },
    ]);
  return key;
}

async function findOwn(
  kernel: Kernel,
  userId: number,
  key: TableConfigKey,
): Promise<{ id: number; columnsJson: unknown } | undefined> {
  const { t, c } = kernel.auth.access.sql;
  const rows = await kernel.db.select(
    `SELECT ${c(NAME, 'tableConfigId')} AS id, ${c(NAME, 'columnsJson')} AS columnsJson FROM ${t(NAME)} ` +
      `WHERE ${c(NAME, 'userId')} = ? AND ${c(NAME, 'pagePath')} = ? AND ${c(NAME, 'gridName')} = ?`,
    [userId, key.pagePath, key.gridName],
  );
  return rows[0] ? { id: Number(rows[0].id), columnsJson: rows[0].columnsJson } : undefined;
}

async function saveOwn(kernel: Kernel, userId: number, key: TableConfigKey, columnsJson: string): Promise<void> {
  const entity = kernel.registry.entity(NAME)!;
  const { t, c } = kernel.auth.access.sql;
  await kernel.db.transaction(async (tx) => {
    const updated = await tx.execute(
      `UPDATE ${t(NAME)} SET ${c(NAME, 'columnsJson')} = ?, ${c(NAME, 'lastUpdatedBy')} = ?, ${c(NAME, 'lastUpdateDate')} = ?, ` +
        `${c(NAME, 'versionNum')} = ${c(NAME, 'versionNum')} + 1 ` +
        `WHERE ${c(NAME, 'userId')} = ? AND ${c(NAME, 'pagePath')} = ? AND ${c(NAME, 'gridName')} = ?`,
      [columnsJson, userId, formatDateTime(), userId, key.pagePath, key.gridName],
    );
    if (updated.affected === 0) {
      await kernel.resources.writer.insert(tx, entity, { userId, ...key, columnsJson }, { ...systemContext(), userId });
    }
  });
}

export function registerTableConfigActions(actions: ActionRegistry): void {
  actions.register({
    area: AREA,
    resource: RESOURCE,
    action: 'getTableConfig',
    access: 'session',
    handler: async (body, _ctx, kernel, req) => {
      const key = configKey(body, kernel);
      const stored = await findOwn(kernel, caller(req).userId, key);
      const columns = stored ? readStoredColumns(stored.columnsJson) : null;
      return { data: columns ? { ...key, columns } : null };
    },
  });
  actions.register({
    area: AREA,
    resource: RESOURCE,
    action: 'createOrUpdateTableConfig',
    access: 'session',
    handler: async (body, _ctx, kernel, req) => {
      const key = configKey(body, kernel);
      const columns = parseColumns(body.columns);
      await saveOwn(kernel, caller(req).userId, key, JSON.stringify(columns));
      return { data: { ...key, columns } };
    },
  });
  actions.register({
    area: AREA,
    resource: RESOURCE,
    action: 'deleteTableConfig',
    access: 'session',
    handler: async (body, _ctx, kernel, req) => {
      const key = configKey(body, kernel);
      const { t, c } = kernel.auth.access.sql;
      await kernel.db.transaction((tx) =>
        tx.execute(
          `DELETE FROM ${t(NAME)} WHERE ${c(NAME, 'userId')} = ? AND ${c(NAME, 'pagePath')} = ? AND ${c(NAME, 'gridName')} = ?`,
          [caller(req).userId, key.pagePath, key.gridName],
        ),
      );
      return { data: null };
    },
  });
}
