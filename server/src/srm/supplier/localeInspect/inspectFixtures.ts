import { expect } from 'vitest';
import type { SqlParam } from '../../../db/sqlExecutor';
import { expectOk, tableRows } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { signIn, type SignedIn } from '../../../testing/sessions';
import type { ApiAnswer, TestServer } from '../../../testing/testServer';

/**
 * The people of the inspection tests (seeds/demo): admin (1, every button), buyer01 (2, BUYER_RESP), manager01 (3,
 * MANAGER_RESP: approver and also a buyer), qe01 (4, QE_RESP: the expert), supplier01/02 (5/6,
 * suppliers 1/2). Internal users call from the plan's or the inspection's menu, suppliers from theirs.
 */
export const RESP = { admin: 1, buyer01: 101, manager01: 102, qe01: 103, supplier01: 104, supplier02: 104 } as const;
export type Person = keyof typeof RESP;
export type Body = Record<string, unknown>;
export const PLAN_RES = 'srmSlcInspectPlanRestful';
export const INSPECT_RES = 'srmSlcLocaleInspectRestful';
export const USER_ID: Record<Person, number> = {
  admin: 1,
  buyer01: 2,
  manager01: 3,
  qe01: 4,
  supplier01: 5,
  supplier02: 6,
};

export interface Inspections {
  server: TestServer;
  sessions: Record<Person, SignedIn>;
  menus: Map<string, number>;
}

export async function peopleOf(server: TestServer): Promise<Inspections> {
  const people = Object.keys(RESP) as Person[];
  const signed = await Promise.all(people.map((u) => signIn(server.baseUrl, u)));
  return {
    server,
    sessions: Object.fromEntries(people.map((u, i) => [u, signed[i]])) as Record<Person, SignedIn>,
    menus: new Map(),
  };
}

export async function headersOf(s: Inspections, who: Person, menuCode: string): Promise<Record<string, string>> {
  if (!s.menus.has(menuCode)) s.menus.set(menuCode, await menuId(s.server, menuCode));
  return sessionHeaders(s.sessions[who], RESP[who], s.menus.get(menuCode));
}

/** A call on the plan, from the plan's menu. */
export async function onPlan(s: Inspections, who: Person, action: string, body: Body): Promise<ApiAnswer> {
  return s.server.call('srmServer', PLAN_RES, action, body, await headersOf(s, who, 'SLC_INSPECT_PLAN'));
}

/** A call on an inspection, from the internal or the supplier menu. */
export async function onInspect(s: Inspections, who: Person, action: string, body: Body): Promise<ApiAnswer> {
  const menu = who.startsWith('supplier') ? 'SUP_LOCALE_INSPECT' : 'SLC_LOCALE_INSPECT';
  return s.server.call('srmServer', INSPECT_RES, action, body, await headersOf(s, who, menu));
}

export const rowsOf = (s: Inspections, table: string, key: string, where: Record<string, SqlParam>) =>
  tableRows(s.server, table, key, where);
export const inspectionOf = async (s: Inspections, id: number) =>
  (await rowsOf(s, 'srm_slc_locale_inspect', 'locale_inspect_id', { locale_inspect_id: id }))[0];
export const planOf = async (s: Inspections, id: number) =>
  (await rowsOf(s, 'srm_slc_inspect_plan', 'inspect_plan_id', { inspect_plan_id: id }))[0];
export const recordsOf = (s: Inspections, id: number) =>
  rowsOf(s, 'srm_slc_inspect_record', 'inspect_record_id', { locale_inspect_id: id });

/** An APPROVED NEW_PRODUCTION qualification (nodes QUALIFICATION passed, INSPECTION and SAMPLE open) of a supplier. */
export async function approvedQualification(s: Inspections, supplierId: number): Promise<number> {
  const headers = await headersOf(s, 'buyer01', 'SLC_QUALIFY_CENSOR');
  const q = (who: Person, action: string, body: Body) =>
    headersOf(s, who, 'SLC_QUALIFY_CENSOR').then((h) =>
      s.server.call('srmServer', 'srmSlcQualifyHeaderRestful', action, body, who === 'buyer01' ? headers : h),
    );
  const body = {
    supplierId,
    sceneId: 1,
    qualifyType: 'NEW_CATEGORY',
    orgId: 2,
    buyerId: 2,
    applyDate: '2026-11-27',
    sites: [{ siteName: '苏州一厂', orgId: 3 }],
    categories: [{ categoryId: 2, supplyScope: '紧固件 / fasteners' }],
  };
  const id = expectOk(await q('buyer01', 'saveOrUpdate', body)).qualifyHeaderId as number;
  expectOk(await q('buyer01', 'getQualifyInfo', { id }));
  expectOk(await q('buyer01', 'doQualifySubmit', { id }));
  expectOk(await q('manager01', 'doQualifyApproval', { id }));
  return id;
}

export interface PlanSetup {
  supplierId: number;
  qualifyHeaderId?: number;
  leader?: Person;
  experts?: Person[];
  /** Further suppliers of the plan, each without a qualification. */
  more?: number[];
}

/** A draft plan for one supplier (and `more`), its team a leader and experts (buyer01 and qe01 unless told). */
export async function draftPlan(s: Inspections, o: PlanSetup): Promise<number> {
  const leader = o.leader ?? 'buyer01';
  const body = {
    planName: '准入现场考察 / Admission audit',
    inspectType: 'ADMISSION',
    orgId: 2,
    leaderId: USER_ID[leader],
    planStartDate: '2026-12-01',
    planEndDate: '2026-12-05',
    suppliers: [
      { supplierId: o.supplierId, qualifyHeaderId: o.qualifyHeaderId ?? null, plannedDate: '2026-12-02' },
      ...(o.more ?? []).map((supplierId) => ({ supplierId, qualifyHeaderId: null, plannedDate: '2026-12-03' })),
    ],
    staffs: [
      { userId: USER_ID[leader], inspectRole: 'LEADER' },
      ...(o.experts ?? ['qe01']).map((e) => ({ userId: USER_ID[e], inspectRole: 'EXPERT' })),
    ],
  };
  return expectOk(await onPlan(s, leader, 'saveOrUpdate', body)).inspectPlanId as number;
}

/** A plan submitted by its leader and approved by manager01: its one inspection, PENDING_SELF_CHECK. */
export async function executingPlan(s: Inspections, o: PlanSetup): Promise<{ planId: number; inspectId: number }> {
  const planId = await draftPlan(s, o);
  expectOk(await onPlan(s, o.leader ?? 'buyer01', 'submitInspectPlan', { id: planId }));
  expectOk(await onPlan(s, 'manager01', 'approvalInspectPlan', { id: planId }));
  const [line] = await rowsOf(s, 'srm_slc_inspect_plan_supplier', 'plan_supplier_id', { inspect_plan_id: planId });
  const inspectId = Number(line.locale_inspect_id);
  expect((await inspectionOf(s, inspectId)).status).toBe('PENDING_SELF_CHECK');
  return { planId, inspectId };
}

/** The inspection's lines as the edit page sends them, with `change` applied to each. */
export async function linesWith(
  s: Inspections,
  id: number,
  change: (line: { inspectRecordId: number; expertUserId: number | null; standardScore: number }) => Body,
): Promise<Body[]> {
  return (await recordsOf(s, id)).map((r) => {
    const line = {
      inspectRecordId: Number(r.inspect_record_id),
      expertUserId: r.expert_user_id === null ? null : Number(r.expert_user_id),
      standardScore: Number(r.standard_score),
    };
    return { inspectRecordId: line.inspectRecordId, ...change(line) };
  });
}

/** A save of the inspection by `who` (the stored versionNum): header values and lines. */
export async function saveInspection(s: Inspections, who: Person, id: number, body: Body): Promise<ApiAnswer> {
  const versionNum = Number((await inspectionOf(s, id)).version_num);
  return onInspect(s, who, 'saveOrUpdate', { localeInspectId: id, versionNum, ...body });
}

/** The supplier's save of self scores (standard − 2 on every self line) and its self-check. */
export async function selfChecked(s: Inspections, id: number, who: Person = 'supplier01'): Promise<void> {
  const records = await linesWith(s, id, (l) => (l.expertUserId === null ? { selfScore: l.standardScore - 2 } : {}));
  expectOk(await saveInspection(s, who, id, { records }));
  expectOk(await onInspect(s, who, 'doSelfExamination', { id }));
}

/** An expert's save of their own lines (standard − minus) without submitting. */
export async function expertScores(s: Inspections, id: number, who: Person, minus: number): Promise<ApiAnswer> {
  const me = USER_ID[who];
  const records = await linesWith(s, id, (l) =>
    l.expertUserId === me ? { expertScore: l.standardScore - minus, finding: `${who} 发现 / finding` } : {},
  );
  return saveInspection(s, who, id, { records });
}
