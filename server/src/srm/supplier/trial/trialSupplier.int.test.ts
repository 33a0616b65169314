import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { call, notificationsOf, type Body } from '../../../testing/proofFixtures';
import { act, draftOf, sampleBody, SAMPLE_RES, trialOf, tryoutBody, tryoutOf } from './trialFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * The supplier's side of sample trials and batch tryouts (DOMAIN 1.7): its own rows once
 * submitted, read only, and the one field it enters — the sample delivery date while SUBMITTED.
 * Demo rows (seeds/demo/44*): trials 4402 SUBMITTED and 4403 APPROVED, tryouts 4402 SUBMITTED and
 * 4403 APPROVED of supplier 1; 4404 of supplier 2; 4401 drafts of supplier 3.
 */
const p = proofServer('srm_slc_trial_supplier', { timeout: 180_000 });

const ids = (list: Body[], key: string) => list.map((r) => Number(r[key])).sort((a, b) => a - b);

describe('what a supplier sees', () => {
  it('its own trials and tryouts once submitted, not drafts nor another supplier’s', async () => {
    const ownDraft = await draftOf(p, 'sample', sampleBody(1, null));
    const trials = expectOk<Body[]>(
      await act(p, 'supplier01', 'sample', 'listByPage', { pageIndex: 1, pageRows: 200 }),
    );
    expect(ids(trials, 'sampleTrialId')).toEqual([4402, 4403]);
    const tryouts = expectOk<Body[]>(
      await act(p, 'supplier01', 'tryout', 'listByPage', { pageIndex: 1, pageRows: 200 }),
    );
    expect(ids(tryouts, 'batchTryoutId')).toEqual([4402, 4403]);
    expect(
      ids(
        expectOk<Body[]>(await act(p, 'supplier02', 'sample', 'listByPage', { pageIndex: 1, pageRows: 200 })),
        'sampleTrialId',
      ),
    ).toEqual([4404]);
    expectError(await act(p, 'supplier01', 'sample', 'findById', { id: 4404 }), 404);
    expectError(await act(p, 'supplier01', 'sample', 'findById', { id: ownDraft }), 404);
    expectError(await act(p, 'supplier01', 'tryout', 'findById', { id: 4404 }), 404);
    const own = expectOk<Body>(await act(p, 'supplier01', 'sample', 'findById', { id: 4402 }));
    expect((own.testInfos as Body[]).map((l) => l.judgeResult)).toEqual(['PASS', 'PASS']);
  });

  it('internal lists open on the demo rows of every state', async () => {
    const trials = expectOk<Body[]>(await act(p, 'buyer01', 'sample', 'listByPage', { pageIndex: 1, pageRows: 200 }));
    expect(new Set(trials.map((r) => r.status))).toEqual(new Set(['DRAFT', 'SUBMITTED', 'APPROVED']));
    const tryouts = expectOk<Body[]>(
      await act(p, 'manager01', 'tryout', 'listByPage', { pageIndex: 1, pageRows: 200 }),
    );
    expect(new Set(tryouts.map((r) => r.status))).toEqual(new Set(['DRAFT', 'SUBMITTED', 'APPROVED']));
  });

  it('cannot save, delete or move a trial or tryout (403), its own included', async () => {
    expectError(await act(p, 'supplier01', 'sample', 'saveOrUpdate', { sampleTrialId: 4402, conclusion: 'x' }), 403);
    expectError(await act(p, 'supplier01', 'sample', 'saveOrUpdate', sampleBody(1, null)), 403);
    expectError(await act(p, 'supplier01', 'tryout', 'saveOrUpdate', tryoutBody(1, null)), 403);
    expectError(await act(p, 'supplier01', 'sample', 'delete', { id: 4402 }), 403);
    for (const action of ['doSubmit', 'doApprove', 'doReject']) {
      expectError(await act(p, 'supplier01', 'sample', action, { id: 4402, comment: 'x' }), 403);
      expectError(await act(p, 'supplier01', 'tryout', action, { id: 4402, comment: 'x' }), 403);
    }
    expect((await trialOf(p, 4402)).status).toBe('SUBMITTED');
    expect((await tryoutOf(p, 4402)).status).toBe('SUBMITTED');
  });
});

describe('the supplier enters its sample delivery date', () => {
  const enter = (user: 'supplier01' | 'supplier02', body: Body) =>
    act(p, user, 'sample', 'doSupplierDeliveryDate', body);

  it('on its SUBMITTED trial: the date is stored and the submitter told', async () => {
    const before = Number((await trialOf(p, 4402)).version_num);
    expect(expectOk(await enter('supplier01', { id: 4402, supplierDeliveryDate: '2026-12-03' }))).toMatchObject({
      supplierDeliveryDate: '2026-12-03',
    });
    const row = await trialOf(p, 4402);
    expect([String(row.supplier_delivery_date).slice(0, 10), Number(row.version_num), row.status]).toEqual([
      '2026-12-03',
      before + 1,
      'SUBMITTED',
    ]);
    const told = await notificationsOf(p, 'srmSlcSampleTrial', 4402);
    expect(told.map((n) => [Number(n.recipient_user_id), n.notification_title_en])).toContainEqual([
      2,
      'Sample trial SMP202611200001: the supplier delivers on 2026-12-03',
    ]);
  });

  it('refuses every other field (400) and a malformed date (400)', async () => {
    const res = await enter('supplier01', {
      id: 4402,
      supplierDeliveryDate: '2026-12-04',
      sampleQty: 1,
      trialResult: 'FAIL',
    });
    expectError(res, 400, ['sampleQty', 'trialResult']);
    for (const bad of ['2026-02-30', '12/04/2026', '', null])
      expectError(await enter('supplier01', { id: 4402, supplierDeliveryDate: bad }), 400, ['supplierDeliveryDate']);
    const row = await trialOf(p, 4402);
    expect([Number(row.sample_qty), row.trial_result]).toEqual([200, 'PASS']);
  });

  it('out of state answers 409; another supplier’s trial is not found (404)', async () => {
    expectError(await enter('supplier01', { id: 4403, supplierDeliveryDate: '2026-12-04' }), 409);
    expectError(await enter('supplier01', { id: 4404, supplierDeliveryDate: '2026-12-04' }), 404);
    expectError(await enter('supplier02', { id: 4402, supplierDeliveryDate: '2026-12-04' }), 404);
    expect(String((await trialOf(p, 4403)).supplier_delivery_date).slice(0, 10)).toBe('2026-11-12');
  });

  it('internal users cannot enter it: no button on their menu (403), and admin on the supplier menu is no supplier (403)', async () => {
    const body = { id: 4402, supplierDeliveryDate: '2026-12-05' };
    expectError(await call(p, 'buyer01', 'SLC_SAMPLE_TRIAL', SAMPLE_RES, 'doSupplierDeliveryDate', body), 403);
    expectError(await call(p, 'admin', 'SUP_SAMPLE_TRIAL', SAMPLE_RES, 'doSupplierDeliveryDate', body), 403);
    expect(String((await trialOf(p, 4402)).supplier_delivery_date).slice(0, 10)).not.toBe('2026-12-05');
  });
});
