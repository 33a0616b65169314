import { expectOk, tableRows } from '../testing/apiAssertions';
import { menuId, sessionHeaders } from '../testing/authFixtures';
import { signIn, type SignedIn } from '../testing/sessions';
import { REQ, requisitionBody, type Body } from '../testing/srmFixtures';
import type { ApiAnswer, TestServer } from '../testing/testServer';

/**
 * The requisition approval cycle as the demo users run it: buyer01 (2, BUYER_RESP 101) submits and
 * withdraws, manager01 (3, MANAGER_RESP 102, the rule's approver) approves and rejects, admin (1)
 * holds every button. Calls come from the PUR_REQUISITION menu.
 */
export const RESP = { admin: 1, buyer01: 101, manager01: 102 } as const;
export type DemoUser = keyof typeof RESP;

export interface Actors {
  server: TestServer;
  sessions: Record<DemoUser, SignedIn>;
  menu: number;
}

export async function actorsOf(server: TestServer): Promise<Actors> {
  const [admin, buyer01, manager01] = await Promise.all(
    (['admin', 'buyer01', 'manager01'] as const).map((u) => signIn(server.baseUrl, u)),
  );
  return { server, sessions: { admin, buyer01, manager01 }, menu: await menuId(server, 'PUR_REQUISITION') };
}

export function as(a: Actors, user: DemoUser, menu = a.menu): Record<string, string> {
  return sessionHeaders(a.sessions[user], RESP[user], menu);
}

export function act(a: Actors, user: DemoUser, action: string, body: Body): Promise<ApiAnswer> {
  return a.server.call('srmServer', REQ, action, body, as(a, user));
}

/** A new DRAFT requisition saved by `user` (buyer01 unless told). */
export async function draft(a: Actors, user: DemoUser = 'buyer01'): Promise<number> {
  return expectOk(await act(a, user, 'saveOrUpdate', requisitionBody())).requisitionHeaderId as number;
}

export async function submitted(a: Actors, user: DemoUser = 'buyer01'): Promise<number> {
  const id = await draft(a, user);
  expectOk(await act(a, user, 'doSubmit', { id }));
  return id;
}

export const todos = (server: TestServer, id: number) =>
  tableRows(server, 'base_todo', 'todo_id', { entity_name: 'srmPurRequisitionHeader', bill_id: id });
export const history = (server: TestServer, id: number) =>
  tableRows(server, 'base_lifecycle_history', 'history_id', { entity_name: 'srmPurRequisitionHeader', record_id: id });
export const notifications = (server: TestServer, id: number) =>
  tableRows(server, 'base_notification', 'notification_id', {
    source_entity_name: 'srmPurRequisitionHeader',
    source_bill_id: id,
  });
export const statusOf = async (server: TestServer, id: number) =>
  (await tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id', { requisition_header_id: id }))[0];
