/** Test helpers of the purchase order suites: the demo users' calls, an order in a given state, a requisition to order from. */
import { expectOk } from './apiAssertions';
import { runSql } from './authFixtures';
import type { ApiAnswer } from './testServer';
import { call, rows, type Body, type Proof, type ProofUser } from './proofFixtures';

export const RES = 'srmPurOrderHeaderRestful';
export const ENTITY = 'srmPurOrderHeader';
const MENU: Record<ProofUser, string> = {
  admin: 'PUR_ORDER',
  buyer01: 'PUR_ORDER',
  manager01: 'PUR_ORDER',
  supplier01: 'SUP_CUSTOMER_ORDER',
  supplier02: 'SUP_CUSTOMER_ORDER',
};

/** A call of the order's resource by `user` from their menu (or the one named). */
export const act = (p: Proof, user: ProofUser, action: string, body: Body, menu = MENU[user]): Promise<ApiAnswer> =>
  call(p, user, menu, RES, action, body);

export const headerOf = async (p: Proof, id: number) =>
  (await rows(p, 'srm_pur_order_header', 'order_header_id', { order_header_id: id }))[0];
export const linesOf = (p: Proof, id: number) =>
  rows(p, 'srm_pur_order_line', 'order_line_id', { order_header_id: id });
export const supplierTodosOf = (p: Proof, id: number) =>
  rows(p, 'base_supplier_todo', 'supplier_todo_id', { entity_name: ENTITY, bill_id: id });
export const todosOf = (p: Proof, id: number, billType: string) =>
  rows(p, 'base_todo', 'todo_id', { entity_name: ENTITY, bill_id: id, bill_type: billType });

export function line(overrides: Body = {}): Body {
  return {
    lineNum: 1,
    itemId: 1,
    uomCode: 'PCS',
    quantity: '20000',
    unitPriceExcl: '0.0850',
    taxRate: '0.1300',
    needByDate: '2026-12-10',
    ...overrides,
  };
}

export function orderBody(supplierId = 1, lines: Body[] = [line()], extra: Body = {}): Body {
  return {
    poType: 'STANDARD',
    supplierId,
    orgId: 2,
    invOrgId: 5,
    buyerId: 2,
    orderDate: '2026-11-26',
    currencyCode: 'CNY',
    lines,
    ...extra,
  };
}

export async function draft(p: Proof, supplierId = 1, lines?: Body[], extra?: Body): Promise<number> {
  return expectOk(await act(p, 'buyer01', 'saveOrUpdate', orderBody(supplierId, lines, extra))).orderHeaderId as number;
}

export async function submitted(p: Proof, supplierId = 1, lines?: Body[]): Promise<number> {
  const id = await draft(p, supplierId, lines);
  expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
  return id;
}

export async function released(p: Proof, supplierId = 1, lines?: Body[]): Promise<number> {
  const id = await submitted(p, supplierId, lines);
  expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }));
  return id;
}

export async function confirmed(p: Proof, supplierId = 1): Promise<number> {
  const id = await released(p, supplierId);
  expectOk(await act(p, supplierId === 1 ? 'supplier01' : 'supplier02', 'doSupplierConfirm', { id }));
  return id;
}

export const setColumn = (p: Proof, table: string, column: string, key: string, id: number, value: unknown) =>
  runSql(p.server, `UPDATE ${table} SET ${column} = ? WHERE ${key} = ?`, [value as string, id]);

/** An APPROVED requisition of one line of `quantity` (item 1, plant 5); returns its line id. */
export async function approvedRequisitionLine(p: Proof, quantity = '100'): Promise<number> {
  const body = {
    requisitionType: 'PRODUCTION',
    orgId: 2,
    invOrgId: 5,
    lines: [
      {
        lineNum: 1,
        itemId: 1,
        categoryId: 2,
        uomCode: 'PCS',
        quantity,
        estimatedPrice: '0.0850',
        needByDate: '2026-12-10',
      },
    ],
  };
  const res = 'srmPurRequisitionHeaderRestful';
  const req = expectOk(await call(p, 'buyer01', 'PUR_REQUISITION', res, 'saveOrUpdate', body));
  const id = req.requisitionHeaderId as number;
  expectOk(await call(p, 'buyer01', 'PUR_REQUISITION', res, 'doSubmit', { id }));
  expectOk(await call(p, 'manager01', 'PUR_REQUISITION', res, 'doApprove', { id, comment: 'ok' }));
  return (req.lines as Body[])[0].requisitionLineId as number;
}

export const requisitionLine = async (p: Proof, id: number) =>
  (await rows(p, 'srm_pur_requisition_line', 'requisition_line_id', { requisition_line_id: id }))[0];
