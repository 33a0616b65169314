/**
 * Test helpers of planning and stock (DOMAIN.md §5.8): calls as a demo user from a named menu.
 * Demo data (seeds/demo/56*): forecasts 5601 (supplier01, PUBLISHED), 5602 (supplier01, DRAFT),
 * 5603 (supplier03, FEEDBACK); VMI stock 5601–5602 (supplier01, plant 5), 5603–5604 (supplier02);
 * warnings 5601–5605.
 */
import type { Row, SqlParam } from '../../../db/sqlExecutor';
import { menuId, runSql } from '../../../testing/authFixtures';
import type { ApiAnswer, TestServer } from '../../../testing/testServer';

export const FORECAST_RES = 'srmPurForecastRestful';
export const STOCK_RES = 'srmPurVmiStockRestful';
export const TRANSFER_RES = 'srmPurVmiStockTransferRecordRestful';
export const WARNING_RES = 'srmBaseWarningRestful';

export class PlanningApi {
  private readonly menus = new Map<string, number>();

  constructor(readonly server: TestServer) {}

  async call(user: string, menuCode: string, resource: string, action: string, body: unknown): Promise<ApiAnswer> {
    let id = this.menus.get(menuCode);
    if (id === undefined) this.menus.set(menuCode, (id = await menuId(this.server, menuCode)));
    const headers = { ...(await this.server.authHeaders(resource, user)), menuId: String(id) };
    return this.server.call('srmServer', resource, action, body, headers);
  }

  select(sql: string, params: SqlParam[] = []): Promise<Row[]> {
    return this.server.kernel.db.select(sql, params);
  }

  run(sql: string, params: SqlParam[] = []): Promise<number> {
    return runSql(this.server, sql, params);
  }
}

/** A stored quantity with 4 places, whatever the engine returns. */
export const fixed4 = (v: unknown) => Number(v).toFixed(4);

export function forecastBody(supplierId = 1, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    supplierId,
    invOrgId: 5,
    itemId: 1,
    periodType: 'MONTH',
    horizonStart: '2027-04-01',
    horizonEnd: '2027-05-31',
    ...extra,
    lines: [
      { periodStart: '2027-04-01', periodEnd: '2027-04-30', forecastQty: '1000' },
      { periodStart: '2027-05-01', periodEnd: '2027-05-31', forecastQty: '1200' },
    ],
  };
}
