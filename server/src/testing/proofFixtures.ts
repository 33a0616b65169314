import { expect } from 'vitest';
import type { SqlParam } from '../db/sqlExecutor';
import { systemContext } from '../resource/context';
import { expectError, expectOk, tableRows } from './apiAssertions';
import { menuId, runSql, sessionHeaders } from './authFixtures';
import { signIn, type SignedIn } from './sessions';
import type { ApiAnswer, TestServer } from './testServer';

/**
 * The demo users of the lifecycle proofs (seeds/demo): buyer01 (2, BUYER_RESP 101: no approve or
 * reject button), manager01 (3, MANAGER_RESP 102: the approval rules' approver), supplier01/02
 * (5/6, SUPPLIER_RESP 104, suppliers 1/2). Each call names its menu by code.
 */
export const RESP = { admin: 1, buyer01: 101, manager01: 102, supplier01: 104, supplier02: 104 } as const;
export type ProofUser = keyof typeof RESP;
export type Body = Record<string, unknown>;

export interface Proof {
  server: TestServer;
  sessions: Record<ProofUser, SignedIn>;
  menus: Map<string, number>;
}

export async function proofOf(server: TestServer): Promise<Proof> {
  const users = Object.keys(RESP) as ProofUser[];
  const signed = await Promise.all(users.map((u) => signIn(server.baseUrl, u)));
  return {
    server,
    sessions: Object.fromEntries(users.map((u, i) => [u, signed[i]])) as Record<ProofUser, SignedIn>,
    menus: new Map(),
  };
}

/** A call of `resource/action` by `user` from the menu `menuCode`. */
export async function call(
  p: Proof,
  user: ProofUser,
  menuCode: string,
  resource: string,
  action: string,
  body: Body,
): Promise<ApiAnswer> {
  if (!p.menus.has(menuCode)) p.menus.set(menuCode, await menuId(p.server, menuCode));
  return p.server.call(
    'srmServer',
    resource,
    action,
    body,
    sessionHeaders(p.sessions[user], RESP[user], p.menus.get(menuCode)),
  );
}

/** A new supplier master row (REGISTERED unless told), so that each case has a supplier of its own. */
let supplierSeq = 0;
export async function newSupplier(p: Proof, status = 'REGISTERED'): Promise<number> {
  const model = p.server.kernel.registry.entity('srmSlcSupplierInfo')!;
  supplierSeq += 1;
  const n = `${Date.now() % 100000}${supplierSeq}`.padStart(10, '0').slice(-10);
  return p.server.kernel.db.transaction((tx) =>
    p.server.kernel.resources.writer.insert(
      tx,
      model,
      {
        supplierCode: `T${n}`,
        supplierName: `测试供应商 ${n}`,
        supplierType: 'PRODUCTION',
        supplierStatus: status,
        unifiedSocialCreditCode: `91320500${n}`,
        registeredAddress: '苏州市工业园区星湖街1号',
        countryCode: 'CN',
        enabledFlag: 'Y',
      },
      systemContext(),
    ),
  );
}

export const rows = (p: Proof, table: string, key: string, where: Record<string, SqlParam>) =>
  tableRows(p.server, table, key, where);
export const todosOf = (p: Proof, entityName: string, id: number) =>
  rows(p, 'base_todo', 'todo_id', { entity_name: entityName, bill_id: id });
export const historyOf = (p: Proof, entityName: string, id: number) =>
  rows(p, 'base_lifecycle_history', 'history_id', { entity_name: entityName, record_id: id });
export const notificationsOf = (p: Proof, entityName: string, id: number) =>
  rows(p, 'base_notification', 'notification_id', { source_entity_name: entityName, source_bill_id: id });

export async function setState(
  p: Proof,
  table: string,
  statusColumn: string,
  keyColumn: string,
  id: number,
  state: string,
): Promise<void> {
  await runSql(p.server, `UPDATE ${table} SET ${statusColumn} = ? WHERE ${keyColumn} = ?`, [state, id]);
}

/**
 * One action tried from one state: legal → the `to` state and exactly one history row with the
 * comment; illegal → 409 naming the state, and neither the record nor its history changes.
 */
export async function expectTransition(
  p: Proof,
  o: {
    entityName: string;
    table: string;
    statusColumn: string;
    keyColumn: string;
    id: number;
    state: string;
    to: string | null;
    answer: ApiAnswer;
    action: string;
  },
): Promise<void> {
  const status = async () => (await rows(p, o.table, o.keyColumn, { [o.keyColumn]: o.id }))[0][o.statusColumn];
  if (o.to) {
    expectOk(o.answer);
    expect(await status()).toBe(o.to);
    expect((await historyOf(p, o.entityName, o.id)).at(-1)).toMatchObject({
      action: o.action,
      from_state: o.state,
      to_state: o.to,
      comment: 'checked',
    });
  } else {
    expectError(o.answer, 409);
    expect(o.answer.body.msg).toMatch(new RegExp(`^Cannot .+: the document is ${o.state} \\(`));
    expect(await status()).toBe(o.state);
  }
}
