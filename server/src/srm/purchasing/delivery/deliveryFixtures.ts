import { expect } from 'vitest';
import type { Row, SqlParam } from '../../../db/sqlExecutor';
import { menuId, runSql } from '../../../testing/authFixtures';
import type { ApiAnswer, TestServer } from '../../../testing/testServer';

/**
 * Test helpers of delivery: calls as a demo user from a named menu, rows read straight from the
 * database. Demo data (seeds/demo/36*): orders 9001–9004 (lines 90001–90007); 9003 (supplier01:
 * 90005 item 1, 20,000 at 0.0850; 90006 item 5, 2,000 at 12.50) and 9004 (supplier02: 90007
 * item 3, 1,000 at 8.50) are CONFIRMED with nothing shipped.
 */
export const NOTICE_RES = 'srmPurDeliveryNoticeRestful';
export const NOTE_RES = 'srmPurDeliveryNoteRestful';

export class DeliveryApi {
  private readonly menus = new Map<string, number>();

  constructor(readonly server: TestServer) {}

  async headers(user: string, menuCode: string, resource: string): Promise<Record<string, string>> {
    let id = this.menus.get(menuCode);
    if (id === undefined) this.menus.set(menuCode, (id = await menuId(this.server, menuCode)));
    return { ...(await this.server.authHeaders(resource, user)), menuId: String(id) };
  }

  async call(user: string, menuCode: string, resource: string, action: string, body: unknown): Promise<ApiAnswer> {
    return this.server.call('srmServer', resource, action, body, await this.headers(user, menuCode, resource));
  }

  notice(user: string, menuCode: string, action: string, body: unknown): Promise<ApiAnswer> {
    return this.call(user, menuCode, NOTICE_RES, action, body);
  }

  note(user: string, menuCode: string, action: string, body: unknown): Promise<ApiAnswer> {
    return this.call(user, menuCode, NOTE_RES, action, body);
  }

  select(sql: string, params: SqlParam[] = []): Promise<Row[]> {
    return this.server.kernel.db.select(sql, params);
  }

  run(sql: string, params: SqlParam[] = []): Promise<number> {
    return runSql(this.server, sql, params);
  }

  async orderLine(id: number): Promise<{ shipped: string; received: string }> {
    const rows = await this.select(
      'SELECT shipped_qty AS s, received_qty AS r FROM srm_pur_order_line WHERE order_line_id = ?',
      [id],
    );
    return { shipped: fixed4(rows[0].s), received: fixed4(rows[0].r) };
  }

  async status(table: string, key: string, id: number): Promise<string> {
    const rows = await this.select(`SELECT status FROM ${table} WHERE ${key} = ?`, [id]);
    return String(rows[0]?.status);
  }
}

/** A stored quantity as the API writes it (4 places), whatever the engine returns. */
export function fixed4(value: unknown): string {
  const text = String(value);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(4, '0').slice(0, 4)}`;
}

export function fixed2(value: unknown): string {
  const text = String(value);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** The demo order of each demo order line. */
const ORDER_OF: Record<number, number> = {
  90001: 9001,
  90002: 9001,
  90003: 9002,
  90004: 9002,
  90005: 9003,
  90006: 9003,
  90007: 9004,
};

/** A line as the form sends it: the order picked before its line (the line's picker depends on it). */
function withOrder(line: Record<string, unknown>): Record<string, unknown> {
  const orderLineId = Number(line.orderLineId);
  return line.orderLineId !== undefined && line.orderHeaderId === undefined
    ? { orderHeaderId: ORDER_OF[orderLineId], ...line }
    : line;
}

/** A delivery note body of supplier01 (plant 苏州一厂) with the given lines. */
export function noteBody(
  lines: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    orgId: 2,
    invOrgId: 5,
    shipDate: '2026-11-26',
    expectedArrivalDate: '2026-11-28',
    carrierName: '顺丰速运',
    trackingNumber: 'SF1234567890',
    ...extra,
    lines: lines.map((l, i) => ({ lineNum: i + 1, batchNumber: 'HD20261126A', ...withOrder(l) })),
  };
}

export function noticeBody(
  supplierId: number,
  lines: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    noticeType: 'SCHEDULE',
    supplierId,
    orgId: 2,
    invOrgId: 5,
    requiredDate: '2026-12-03',
    deliveryAddress: '苏州一厂 3 号门',
    ...extra,
    lines: lines.map((l, i) => ({ lineNum: i + 1, requiredDate: '2026-12-03', ...withOrder(l) })),
  };
}

export function expectStatus(answer: ApiAnswer, status: number): void {
  expect({ status: answer.status, msg: answer.body.msg, errors: answer.body.errors }).toMatchObject({ status });
}
