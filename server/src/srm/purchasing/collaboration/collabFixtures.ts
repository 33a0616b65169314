/** Helpers of the acknowledgement and EQ tests (DOMAIN.md §5.8): calls by menu, uploads, sheets, rows. */
import { expectOk } from '../../../testing/apiAssertions';
import { menuId, runSql, sessionHeaders } from '../../../testing/authFixtures';
import { PDF, upload } from '../../../testing/fileFixtures';
import { call, RESP, rows, type Body, type Proof, type ProofUser } from '../../../testing/proofFixtures';
import { today } from '../../../util/time';

export const ACK_RES = 'srmPurApprovalHeaderRestful';
export const LINE_RES = 'srmPurApprovalLineRestful';
export const EQ_RES = 'srmPurEqHeaderRestful';
export const PROMO_RES = 'srmPurEqPromotionRestful';

export const dayFrom = (days: number): string => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export const act = (p: Proof, user: ProofUser, menu: string, resource: string, action: string, body: Body) =>
  call(p, user, menu, resource, action, body);

/** A PDF uploaded by `user` from `menu`, not yet linked to any record: its attachment id. */
export async function pdfOf(p: Proof, user: ProofUser, menu: string): Promise<number> {
  const auth = sessionHeaders(p.sessions[user], RESP[user], await menuId(p.server, menu));
  return Number(expectOk(await upload(p.server, auth, [{ name: 'ack.pdf', bytes: PDF }]))[0].id);
}

export const one = async (p: Proof, table: string, key: string, id: number) =>
  (await rows(p, table, key, { [key]: id }))[0];
export const sql = (p: Proof, text: string, params: (string | number)[]) => runSql(p.server, text, params);
export const supplierTodos = (p: Proof, entityName: string, id: number, billType: string) =>
  rows(p, 'base_supplier_todo', 'supplier_todo_id', { entity_name: entityName, bill_id: id, bill_type: billType });
