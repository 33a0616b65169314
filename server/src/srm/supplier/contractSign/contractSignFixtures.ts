import { expectOk } from '../../../testing/apiAssertions';
import { call, rows, type Body, type Proof, type ProofUser } from '../../../testing/proofFixtures';

/** Calls and rows of the agreement signing tests (DOMAIN.md §1.9). */
export const HEAD_RES = 'srmSlcContractSignHeadRestful';
export const LINE_RES = 'srmSlcContractSignLineRestful';
export const HEAD_ENTITY = 'srmSlcContractSignHead';
export const LINE_ENTITY = 'srmSlcContractSignLine';
const MENU: Record<ProofUser, string> = {
  admin: 'SLC_CONTRACT_SIGN',
  buyer01: 'SLC_CONTRACT_SIGN',
  manager01: 'SLC_CONTRACT_SIGN',
  supplier01: 'SUP_CONTRACT_SIGN',
  supplier02: 'SUP_CONTRACT_SIGN',
};

/** A call on the head (internal users) or on the supplier's line (supplier users), each from its own menu. */
export const act = (p: Proof, user: ProofUser, action: string, body: Body) =>
  call(p, user, MENU[user], user.startsWith('supplier') ? LINE_RES : HEAD_RES, action, body);

export const headOf = async (p: Proof, id: number) =>
  (await rows(p, 'srm_slc_contract_sign_head', 'sign_head_id', { sign_head_id: id }))[0];
export const linesOf = (p: Proof, id: number) =>
  rows(p, 'srm_slc_contract_sign_line', 'sign_line_id', { sign_head_id: id });
export const flowOf = async (p: Proof, lineId: number) =>
  (await rows(p, 'srm_slc_elec_sign', 'elec_sign_id', { sign_line_id: lineId }))[0];

export function signBody(suppliers: number[] = [1, 2], signMethod = 'ELECTRONIC'): Body {
  return {
    signTitle: '测试质量协议 / Test quality agreement',
    agreementType: 'QUALITY_AGREEMENT',
    orgId: 2,
    validFrom: '2027-01-01',
    validTo: '2027-12-31',
    signMethod,
    description: '来料检验按 AQL 0.65 / Incoming inspection at AQL 0.65',
    lines: suppliers.map((supplierId) => ({ supplierId })),
  };
}

export async function draft(p: Proof, by: ProofUser = 'buyer01', body: Body = signBody()): Promise<number> {
  return expectOk(await act(p, by, 'saveOrUpdate', body)).signHeadId as number;
}

export async function submitted(p: Proof, body?: Body): Promise<number> {
  const id = await draft(p, 'buyer01', body);
  expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
  return id;
}

/** An approved agreement (SIGNING) and its line ids by supplier. */
export async function signing(p: Proof, body?: Body): Promise<{ id: number; line: Record<number, number> }> {
  const id = await submitted(p, body);
  expectOk(await act(p, 'manager01', 'doApprove', { id }));
  const line = Object.fromEntries((await linesOf(p, id)).map((l) => [Number(l.supplier_id), Number(l.sign_line_id)]));
  return { id, line };
}
