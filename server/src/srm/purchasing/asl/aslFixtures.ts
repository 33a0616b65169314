/** Calls and rows of the approved supplier list request tests (DOMAIN.md §5.8). */
import { expectOk } from '../../../testing/apiAssertions';
import { runSql } from '../../../testing/authFixtures';
import type { ApiAnswer } from '../../../testing/testServer';
import { call, rows, type Body, type Proof, type ProofUser } from '../../../testing/proofFixtures';

export const RES = 'srmPurAslHeaderRestful';
export const ENTITY = 'srmPurAslHeader';
export const APPLY_MENU = 'PUR_ASL_APPLY';
export const ALTER_MENU = 'PUR_ASL_ALTERATION';

export const act = (p: Proof, user: ProofUser, action: string, body: Body, menu = APPLY_MENU): Promise<ApiAnswer> =>
  call(p, user, menu, RES, action, body);

export const headerOf = async (p: Proof, id: number) =>
  (await rows(p, 'srm_pur_asl_header', 'asl_header_id', { asl_header_id: id }))[0];
export const aslLinesOf = (p: Proof, id: number) => rows(p, 'srm_pur_asl_line', 'asl_line_id', { asl_header_id: id });
export const entryOf = async (p: Proof, aslId: number) =>
  (await rows(p, 'srm_pur_asl_list', 'asl_id', { asl_id: aslId }))[0];
export const entriesOf = (p: Proof, where: Record<string, number>) => rows(p, 'srm_pur_asl_list', 'asl_id', where);

export const setColumn = (p: Proof, table: string, column: string, key: string, id: number, value: unknown) =>
  runSql(p.server, `UPDATE ${table} SET ${column} = ? WHERE ${key} = ?`, [value as string, id]);

/** An application line: supplier × category × inventory org, to be APPROVED. */
export function applyLine(supplierId: number, categoryId: number, invOrgId: number, extra: Body = {}): Body {
  return { supplierId, categoryId, invOrgId, vendorBusinessType: 'MANUFACTURER', aslStatusAfter: 'APPROVED', ...extra };
}

export const applyBody = (lines: Body[], extra: Body = {}): Body => ({
  aslDocType: 'APPLY',
  orgId: 2,
  effectiveDate: '2026-12-01',
  reason: '测试准入 / Test application',
  lines,
  ...extra,
});

export const alterationBody = (lines: Body[]): Body => ({
  aslDocType: 'ALTERATION',
  orgId: 2,
  reason: '测试变更 / Test alteration',
  lines,
});

export async function draft(p: Proof, body: Body, by: ProofUser = 'buyer01', menu = APPLY_MENU): Promise<number> {
  return expectOk(await act(p, by, 'saveOrUpdate', body, menu)).aslHeaderId as number;
}

export async function submitted(p: Proof, body: Body, menu = APPLY_MENU): Promise<number> {
  const id = await draft(p, body, 'buyer01', menu);
  expectOk(await act(p, 'buyer01', 'doSubmit', { id }, menu));
  return id;
}
