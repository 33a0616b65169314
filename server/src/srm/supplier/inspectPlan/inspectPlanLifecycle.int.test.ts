import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import {
  approvedQualification,
  draftPlan,
  executingPlan,
  inspectionOf,
  onPlan,
  peopleOf,
  planOf,
  recordsOf,
  rowsOf,
} from '../localeInspect/inspectFixtures';
import { serverWith } from '../../../testing/proofServer';

/**
 * The inspection plan's lifecycle (DOMAIN.md §1.6, Flow 1 step 7): loaders, submit with its
 * approval to-do, approval creating one PENDING_SELF_CHECK inspection per supplier (checklist,
 * supplier to-do, the qualification site locked), reject, 409 out of state, 403 self-approval,
 * and listSlcInspectPlan's progress.
 */
const t = serverWith('srm_inspect_plan_lifecycle', peopleOf, { timeout: 180_000 });

describe('Flow 1 step 7: plan, load, tick the site, submit, approve', () => {
  it('ends EXECUTING with a PENDING_SELF_CHECK inspection of the qualification', async () => {
    const qualifyHeaderId = await approvedQualification(t.api, 1);
    const planId = await draftPlan(t.api, { supplierId: 1, qualifyHeaderId });

    const loaded = expectOk(await onPlan(t.api, 'buyer01', 'doLoadSupplierCategories', { id: planId }));
    expect(
      loaded.categories.map((c: { supplierId: number; categoryId: number }) => [c.supplierId, c.categoryId]),
    ).toEqual([[1, 2]]);
    const located = expectOk(await onPlan(t.api, 'buyer01', 'doLoadSupplierLocations', { id: planId }));
    expect(located.locations.map((l: { locationId: number }) => l.locationId)).toEqual([1]);
    // Loading again replaces, never doubles.
    expectOk(await onPlan(t.api, 'buyer01', 'doLoadSupplierLocations', { id: planId }));
    expect(
      await rowsOf(t.api, 'srm_slc_inspect_plan_location', 'plan_location_id', { inspect_plan_id: planId }),
    ).toHaveLength(1);

    const sites = expectOk(
      await onPlan(t.api, 'buyer01', 'findSupplierSites', { qualifyHeaderIds: [qualifyHeaderId] }),
    );
    expect(sites.map((x: { siteName: string; editFlag: string }) => [x.siteName, x.editFlag])).toEqual([
      ['苏州一厂', 'Y'],
    ]);
    const plan = expectOk(await onPlan(t.api, 'buyer01', 'findById', { id: planId }));
    expectOk(
      await onPlan(t.api, 'buyer01', 'saveOrUpdate', {
        ...plan,
        sites: [{ qualifySiteId: sites[0].qualifySiteId, inspectFlag: 'Y' }],
      }),
    );

    expectOk(await onPlan(t.api, 'buyer01', 'submitInspectPlan', { id: planId }));
    expect((await planOf(t.api, planId)).status).toBe('SUBMITTED');
    const todos = await rowsOf(t.api, 'base_todo', 'todo_id', { entity_name: 'srmSlcInspectPlan', bill_id: planId });
    expect(todos.map((t) => [t.bill_type, Number(t.assignee_user_id), t.handle_flag])).toEqual([
      ['SLC_INSPECT_PLAN', 3, 'N'],
    ]);
    expectError(await onPlan(t.api, 'buyer01', 'submitInspectPlan', { id: planId }), 409);
    expectError(await onPlan(t.api, 'buyer01', 'doLoadSupplierCategories', { id: planId }), 409);

    expectOk(await onPlan(t.api, 'manager01', 'approvalInspectPlan', { id: planId }));
    expect((await planOf(t.api, planId)).status).toBe('EXECUTING');
    expectError(await onPlan(t.api, 'manager01', 'approvalInspectPlan', { id: planId }), 409);

    const [line] = await rowsOf(t.api, 'srm_slc_inspect_plan_supplier', 'plan_supplier_id', {
      inspect_plan_id: planId,
    });
    const inspection = await inspectionOf(t.api, Number(line.locale_inspect_id));
    expect([inspection.status, Number(inspection.qualify_header_id), Number(inspection.location_id)]).toEqual([
      'PENDING_SELF_CHECK',
      qualifyHeaderId,
      1,
    ]);
    expect(String(inspection.inspect_number)).toMatch(/^LIN\d{12}$/);
    // The default checklist: five dimensions for the supplier, the same five for the expert qe01.
    const records = await recordsOf(t.api, Number(inspection.locale_inspect_id));
    expect(
      records.map((r) => [r.inspect_dimension, r.expert_user_id === null ? null : Number(r.expert_user_id)]),
    ).toEqual([
      ...['QUALITY_SYSTEM', 'PRODUCTION', 'R_AND_D', 'EHS', 'MANAGEMENT'].map((d) => [d, null]),
      ...['QUALITY_SYSTEM', 'PRODUCTION', 'R_AND_D', 'EHS', 'MANAGEMENT'].map((d) => [d, 4]),
    ]);
    const supplierTodos = await rowsOf(t.api, 'base_supplier_todo', 'supplier_todo_id', {
      entity_name: 'srmSlcLocaleInspect',
      bill_id: Number(inspection.locale_inspect_id),
    });
    expect(supplierTodos.map((t) => [Number(t.supplier_id), t.menu_code, t.handle_flag])).toEqual([
      [1, 'SUP_LOCALE_INSPECT', 'N'],
    ]);
    // The inspected site keeps its flag from now on (DOMAIN 1.5's decision).
    const [site] = await rowsOf(t.api, 'srm_slc_qualify_site', 'qualify_site_id', {
      qualify_header_id: qualifyHeaderId,
    });
    expect([site.inspect_flag, site.edit_flag]).toEqual(['Y', 'N']);
  });

  it("uses the plan's checklist template when it has one", async () => {
    const planId = await draftPlan(t.api, { supplierId: 2 });
    const plan = expectOk(await onPlan(t.api, 'buyer01', 'findById', { id: planId }));
    const checklistTemplate = [
      { inspectDimension: 'PRODUCTION', checkItem: '首件检验 / first-article inspection', standardScore: 60 },
      { inspectDimension: 'EHS', checkItem: '危化品管理 / hazardous materials', standardScore: 40 },
    ];
    expectOk(await onPlan(t.api, 'buyer01', 'saveOrUpdate', { ...plan, checklistTemplate }));
    expectOk(await onPlan(t.api, 'buyer01', 'submitInspectPlan', { id: planId }));
    expectOk(await onPlan(t.api, 'manager01', 'approvalInspectPlan', { id: planId }));
    const [line] = await rowsOf(t.api, 'srm_slc_inspect_plan_supplier', 'plan_supplier_id', {
      inspect_plan_id: planId,
    });
    const records = await recordsOf(t.api, Number(line.locale_inspect_id));
    expect(records.map((r) => [r.check_item, Number(r.standard_score)]).slice(0, 2)).toEqual([
      ['首件检验 / first-article inspection', 60],
      ['危化品管理 / hazardous materials', 40],
    ]);
  });
});

describe('submit checks, reject, self-approval', () => {
  it('a plan without an expert cannot be submitted (400)', async () => {
    const planId = await draftPlan(t.api, { supplierId: 2, experts: [] });
    expectError(await onPlan(t.api, 'buyer01', 'submitInspectPlan', { id: planId }), 400, ['staffs']);
    expect((await planOf(t.api, planId)).status).toBe('DRAFT');
  });

  it('rejectInspectPlan needs a reason, sends the plan back, and it can be submitted again', async () => {
    const planId = await draftPlan(t.api, { supplierId: 2 });
    expectError(await onPlan(t.api, 'manager01', 'rejectInspectPlan', { id: planId, comment: 'x' }), 409);
    expectOk(await onPlan(t.api, 'buyer01', 'submitInspectPlan', { id: planId }));
    expectError(await onPlan(t.api, 'manager01', 'rejectInspectPlan', { id: planId }), 400);
    expectOk(await onPlan(t.api, 'manager01', 'rejectInspectPlan', { id: planId, comment: '请补充考察清单' }));
    expect((await planOf(t.api, planId)).status).toBe('REJECTED');
    expectError(await onPlan(t.api, 'manager01', 'approvalInspectPlan', { id: planId }), 409);
    expectOk(await onPlan(t.api, 'buyer01', 'doLoadSupplierLocations', { id: planId }));
    expectOk(await onPlan(t.api, 'buyer01', 'submitInspectPlan', { id: planId }));
    expect((await planOf(t.api, planId)).status).toBe('SUBMITTED');
  });

  it('the submitter cannot approve their own plan (admin holds every button: 403); a buyer has no approve button (403)', async () => {
    const planId = await draftPlan(t.api, { supplierId: 2, leader: 'admin' });
    expectOk(await onPlan(t.api, 'admin', 'submitInspectPlan', { id: planId }));
    const own = await onPlan(t.api, 'admin', 'approvalInspectPlan', { id: planId });
    expectError(own, 403);
    expect(own.body.msg).toBe('The submitter cannot approve their own document');
    expectError(await onPlan(t.api, 'buyer01', 'approvalInspectPlan', { id: planId }), 403);
    expect((await planOf(t.api, planId)).status).toBe('SUBMITTED');
  });

  it('a supplier user reaches no plan action (403)', async () => {
    const planId = await draftPlan(t.api, { supplierId: 1 });
    expectError(await onPlan(t.api, 'supplier01', 'doLoadSupplierCategories', { id: planId }), 403);
    expectError(await onPlan(t.api, 'supplier01', 'submitInspectPlan', { id: planId }), 403);
    expectError(await onPlan(t.api, 'supplier01', 'listSlcInspectPlan', { pageIndex: 1, pageRows: 10 }), 403);
  });
});

describe('listSlcInspectPlan', () => {
  it("lists plans with each plan's suppliers, inspections and approved inspections", async () => {
    const { planId } = await executingPlan(t.api, { supplierId: 2 });
    const answer = expectOk(
      await onPlan(t.api, 'buyer01', 'listSlcInspectPlan', { params: {}, pageIndex: 1, pageRows: 100 }),
    );
    const mine = answer.find((r: { inspectPlanId: number }) => r.inspectPlanId === planId);
    expect([mine.status, mine.supplierCount, mine.inspectCount, mine.approvedCount]).toEqual(['EXECUTING', 1, 1, 0]);
    // The demo plan of batch 2 (two inspections, none approved) and the completed special audit.
    const demo = answer.find((r: { planNumber: string }) => r.planNumber === 'IPL202611100001');
    expect([demo.status, demo.inspectCount, demo.approvedCount]).toEqual(['COMPLETED', 1, 1]);
  });
});
