import { expectOk } from '../../../testing/apiAssertions';
import type { TestServer } from '../../../testing/testServer';
import { call, newSupplier, rows, type Body, type Proof, type ProofUser } from '../../../testing/proofFixtures';
import { settleQualifyNode } from '../qualify/qualifyNodes';

/** Calls and rows of the sample trial and batch tryout tests (DOMAIN.md §1.7). */
export const SAMPLE_RES = 'srmSlcSampleTrialRestful';
export const TRYOUT_RES = 'srmSlcBatchTryoutRestful';
export type Kind = 'sample' | 'tryout';
const MENU: Record<Kind, { inside: string; ex: string }> = {
  sample: { inside: 'SLC_SAMPLE_TRIAL', ex: 'SUP_SAMPLE_TRIAL' },
  tryout: { inside: 'SLC_BATCH_TRYOUT', ex: 'SUP_BATCH_TRYOUT' },
};

/** A call from the document's list menu: the supplier menu for supplier users, the internal one otherwise. */
export const act = (p: Proof, user: ProofUser, kind: Kind, action: string, body: Body) =>
  call(
    p,
    user,
    user.startsWith('supplier') ? MENU[kind].ex : MENU[kind].inside,
    kind === 'sample' ? SAMPLE_RES : TRYOUT_RES,
    action,
    body,
  );

export const trialOf = async (p: Proof, id: number) =>
  (await rows(p, 'srm_slc_sample_trial', 'sample_trial_id', { sample_trial_id: id }))[0];
export const tryoutOf = async (p: Proof, id: number) =>
  (await rows(p, 'srm_slc_batch_tryout', 'batch_tryout_id', { batch_tryout_id: id }))[0];
export const nodeOf = async (p: Proof, qualifyHeaderId: number, nodeCode: string) =>
  (
    await rows(p, 'srm_slc_qualify_nodes', 'qualify_node_id', {
      qualify_header_id: qualifyHeaderId,
      node_code: nodeCode,
    })
  )[0];
export const qualifyOf = async (p: Proof, id: number) =>
  (await rows(p, 'srm_slc_qualify_header', 'qualify_header_id', { qualify_header_id: id }))[0];

/** A fresh supplier's NEW_PRODUCTION qualification (cables 0105 at ME01-OU), approved: QUALIFICATION passed; INSPECTION, SAMPLE, BATCH_TRYOUT (optional) open. */
export async function approvedQualification(p: Proof): Promise<{ qualifyHeaderId: number; supplierId: number }> {
  const supplierId = await newSupplier(p);
  const body = {
    supplierId,
    sceneId: 1,
    qualifyType: 'NEW_SUPPLIER',
    orgId: 2,
    buyerId: 2,
    applyDate: '2026-11-27',
    sites: [{ siteName: '试制工厂', orgId: 3 }],
    categories: [{ categoryId: 6, supplyScope: '电源线' }],
  };
  const q = (user: ProofUser, action: string, b: Body) =>
    call(p, user, 'SLC_QUALIFY_CENSOR', 'srmSlcQualifyHeaderRestful', action, b);
  const id = expectOk(await q('buyer01', 'saveOrUpdate', body)).qualifyHeaderId as number;
  expectOk(await q('buyer01', 'getQualifyInfo', { id }));
  expectOk(await q('buyer01', 'doQualifySubmit', { id }));
  expectOk(await q('manager01', 'doQualifyApproval', { id }));
  return { qualifyHeaderId: id, supplierId };
}

/** Another document (an on-site inspection) deciding a node, as the node contract is called. */
export const settle = (server: TestServer, qualifyHeaderId: number, nodeCode: string, passed = true) =>
  server.kernel.db.transaction((tx) =>
    settleQualifyNode(tx, server.kernel, {
      qualifyHeaderId,
      nodeCode,
      passed,
      sourceDocType: 'srmSlcLocaleInspect',
      sourceDocId: 9900 + qualifyHeaderId,
      userId: 4,
    }),
  );

/** Flow 1 step 11: item 2001000301 (id 7), 50 PCS, conductor resistance and insulation thickness PASS. */
export function sampleBody(supplierId: number, qualifyHeaderId: number | null, over: Body = {}): Body {
  return {
    supplierId,
    qualifyHeaderId,
    itemId: 7,
    sampleQty: 50,
    requestDate: '2026-12-10',
    testDeptName: '质量部实验室',
    trialResult: 'PASS',
    testInfos: [
      { testItem: '导体电阻', standardValue: '≤26.0', actualValue: '24.8', unit: 'Ω/km', judgeResult: 'PASS' },
      { testItem: '绝缘厚度', standardValue: '≥0.6', actualValue: '0.66', unit: 'mm', judgeResult: 'PASS' },
    ],
    ...over,
  };
}

export function tryoutBody(supplierId: number, qualifyHeaderId: number | null, over: Body = {}): Body {
  return {
    supplierId,
    qualifyHeaderId,
    itemId: 7,
    tryoutQty: 500,
    tryoutStartDate: '2026-12-10',
    tryoutEndDate: '2026-12-20',
    productionLine: '总装二线',
    defectQty: 2,
    passRate: 0.996,
    trialResult: 'PASS',
    ...over,
  };
}

/** A saved draft's id. */
export async function draftOf(p: Proof, kind: Kind, body: Body, by: ProofUser = 'buyer01'): Promise<number> {
  const saved = expectOk(await act(p, by, kind, 'saveOrUpdate', body));
  return Number(kind === 'sample' ? saved.sampleTrialId : saved.batchTryoutId);
}
