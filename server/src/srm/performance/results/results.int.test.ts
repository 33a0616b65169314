import { describe, expect, it } from 'vitest';
import { systemContext } from '../../../resource/context';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, runSql, sessionHeaders } from '../../../testing/authFixtures';
import { fileCall, PDF, PNG, upload } from '../../../testing/fileFixtures';
import { RESP } from '../../../testing/proofFixtures';
import { timerNamed, transitionTimerName, type TransitionTimerDef } from '../../../scheduler/timerCatalog';
import { fireTransitionTimer } from '../../../scheduler/transitionTimers';
import {
  buyer,
  dateOf,
  dayFrom,
  historyRows,
  INSIDE_MENU,
  internalTodos,
  newResult,
  newScheme,
  resultOf,
  setColumn,
  supplier,
  supplierTodos,
  today,
} from './resultFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Performance results (DOMAIN.md §2.3): release, agree or appeal, appeal decisions, rectification, the deadline job, scope. */
const p = proofServer('srm_spe_results', { timeout: 600_000 });

const schemeStatus = async (id: number) =>
  (await p.server.kernel.db.select('SELECT status AS s FROM srm_spe_scheme WHERE scheme_id = ?', [id]))[0].s;

/** A result of supplier01 (or `supplierId`) released by buyer01. */
async function released(supplierId = 1): Promise<{ id: number; schemeId: number }> {
  const schemeId = await newScheme(p);
  const id = await newResult(p, schemeId, supplierId);
  expectOk(await buyer(p, 'release', { id }));
  return { id, schemeId };
}

describe('release', () => {
  it('releases a batch: dates, history, supplier to-dos; the scheme is RELEASED with its last result', async () => {
    const schemeId = await newScheme(p);
    const [a, b, c] = [
      await newResult(p, schemeId, 1),
      await newResult(p, schemeId, 2),
      await newResult(p, schemeId, 3),
    ];
    expectOk(await buyer(p, 'release', { ids: [a, b] }));
    for (const id of [a, b]) {
      const row = await resultOf(p, id);
      expect(row.status).toBe('RELEASED');
      expect(dateOf(row.release_date)).toBe(today());
      expect(dateOf(row.appeal_deadline)).toBe(dayFrom(7));
      expect(await historyRows(p, id)).toMatchObject([
        { action_code: 'release', from_status: 'UNRELEASED', to_status: 'RELEASED', actor_user_id: 2 },
      ]);
      expect(await supplierTodos(p, id, 'SRM_PERFORMANCE')).toMatchObject([
        { handle_flag: 'N', menu_code: 'SUP_SPE_APPEAL' },
      ]);
    }
    expect(await schemeStatus(schemeId)).toBe('CALCULATED');
    expectOk(await buyer(p, 'doRelease', { id: c }));
    expect(await schemeStatus(schemeId)).toBe('RELEASED');
    expectError(await buyer(p, 'release', { id: c }), 409);
    expect(await historyRows(p, c)).toHaveLength(1);
  });

  it("counts the appeal deadline with the scheme's own appeal days", async () => {
    const schemeId = await newScheme(p);
    await runSql(p.server, 'UPDATE srm_spe_scheme SET appeal_days = ? WHERE scheme_id = ?', [12, schemeId]);
    const id = await newResult(p, schemeId, 1);
    expectOk(await buyer(p, 'release', { id }));
    expect(dateOf((await resultOf(p, id)).appeal_deadline)).toBe(dayFrom(12));
  });

  it('is refused to suppliers (403)', async () => {
    const id = await newResult(p, await newScheme(p), 1);
    expectError(await supplier(p, 'supplier01', 'release', { id }, 'SUP_SPE_PERFORMANCE'), 403);
    expect((await resultOf(p, id)).status).toBe('UNRELEASED');
  });
});

describe('scope', () => {
  it('a supplier sees only its own released results, never UNRELEASED ones', async () => {
    const schemeId = await newScheme(p);
    const mine = await newResult(p, schemeId, 1);
    // One result per scheme and supplier (unique key): the unreleased one is of another scheme.
    const hidden = await newResult(p, await newScheme(p), 1);
    const theirs = await newResult(p, schemeId, 2);
    expectOk(await buyer(p, 'release', { ids: [mine, theirs] }));
    const listed = expectOk(
      await supplier(p, 'supplier01', 'listByPage', { params: {}, pageIndex: 1, pageRows: 500 }, 'SUP_SPE_PERFORMANCE'),
    );
    const ids = listed.map((r: { performanceId: number }) => r.performanceId);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(theirs);
    expect(
      listed.every((r: { supplierId: number; status: string }) => r.supplierId === 1 && r.status !== 'UNRELEASED'),
    ).toBe(true);
    for (const action of ['findById', 'findPerFormAnceVOById', 'findSupplierInfoById']) {
      expectError(await supplier(p, 'supplier01', action, { id: hidden }), 404);
      expectError(await supplier(p, 'supplier02', action, { id: mine }), 404);
    }
    expectError(await supplier(p, 'supplier02', 'agreeOrAppeal', { id: mine, decision: 'AGREE' }), 404);
    expect((await resultOf(p, mine)).status).toBe('RELEASED');
  });

  it('the demo results open for supplier01 (RELEASED) and supplier02 (CONFIRMED), not the unreleased one', async () => {
    for (const [user, id, status] of [
      ['supplier01', 5301, 'RELEASED'],
      ['supplier02', 5302, 'CONFIRMED'],
    ] as const) {
      const listed = expectOk(
        await supplier(p, user, 'listByPage', { params: {}, pageIndex: 1, pageRows: 500 }, 'SUP_SPE_PERFORMANCE'),
      );
      expect(listed.find((r: { performanceId: number }) => r.performanceId === id)).toMatchObject({ status });
      expect(listed.some((r: { performanceId: number }) => r.performanceId === 5303)).toBe(false);
    }
    const inside = expectOk(await buyer(p, 'listByPage', { params: { schemeId: 5301 }, pageIndex: 1, pageRows: 50 }));
    expect(inside.map((r: { status: string }) => r.status).sort()).toEqual(['CONFIRMED', 'RELEASED', 'UNRELEASED']);
  });

  it('the finders answer the supplier master and the header with its score lines', async () => {
    const { id } = await released(1);
    expect(expectOk(await supplier(p, 'supplier01', 'findSupplierInfoById', { id }))).toMatchObject({
      supplierId: 1,
      supplierCode: 'S100001',
    });
    const vo = expectOk(await buyer(p, 'findPerFormAnceVOById', { id }));
    expect(vo).toMatchObject({ performanceId: id, supplierId: 1, status: 'RELEASED' });
    expect(Array.isArray(vo.scoreLines)).toBe(true);
    // The demo scheme 1 has supplier01's line of sheet 1 (92.00).
    const schemeOne = await newResult(p, 1, 1);
    const lines = expectOk(await buyer(p, 'findPerFormAnceVOById', { id: schemeOne })).scoreLines;
    expect(lines).toMatchObject([{ supplierScoreId: 1, schemeScoreId: 1, score: '92.00' }]);
    // Each line carries its sheet's number, scorer and status.
    expect(lines[0]).toMatchObject({ schemeScoreNumber: expect.any(String), scoreStatus: expect.any(String) });
    expect(lines[0].scorerUserId).not.toBeUndefined();
  });
});

describe('agree or appeal', () => {
  it('AGREE confirms and closes the supplier to-do; internal users may not (403)', async () => {
    const { id } = await released();
    expectError(await buyer(p, 'agreeOrAppeal', { id, decision: 'AGREE' }), 403);
    expectError(await buyer(p, 'doAgree', { id }), 403);
    expectError(await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'MAYBE' }), 400, ['decision']);
    expectOk(await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'AGREE' }));
    expect((await resultOf(p, id)).status).toBe('CONFIRMED');
    expect((await supplierTodos(p, id, 'SRM_PERFORMANCE'))[0].handle_flag).toBe('Y');
    expectError(await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'AGREE' }), 409);
  });

  it('APPEAL needs a reason, raises SPE_APPEAL to the releaser; an accepted appeal rescores; no second appeal', async () => {
    const { id } = await released();
    expectError(await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'APPEAL' }), 400, ['reason']);
    expectOk(await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'APPEAL', reason: '交付数据有误' }));
    expect(await resultOf(p, id)).toMatchObject({
      status: 'APPEALING',
      appeal_flag: 'Y',
      appeal_reason: '交付数据有误',
    });
    expect(await internalTodos(p, id)).toMatchObject([{ assignee_user_id: 2, handle_flag: 'N' }]);
    expectError(await supplier(p, 'supplier01', 'saveAfterScore', { id, totalScore: '99' }), 403);
    expectError(await buyer(p, 'saveAfterScore', { id, totalScore: '101' }), 400, ['totalScore']);
    expectError(await buyer(p, 'saveAfterScore', { id, totalScore: 'abc' }), 400, ['totalScore']);
    expectError(await buyer(p, 'doAcceptAppeal', { id }), 400, ['totalScore']);
    // The lifecycle action (alias saveAfterScore) takes the reason as its comment.
    expectOk(await buyer(p, 'saveAfterScore', { id, totalScore: '76.00', comment: '数据更正' }));
    const row = await resultOf(p, id);
    expect(row).toMatchObject({ status: 'RELEASED', grade_code: 'C', appeal_result: 'ACCEPTED' });
    expect(Number(row.total_score)).toBe(76);
    expect((await internalTodos(p, id))[0].handle_flag).toBe('Y');
    const rescore = (await historyRows(p, id)).at(-1)!;
    expect(rescore).toMatchObject({
      action_code: 'saveAfterScore',
      from_status: 'APPEALING',
      to_status: 'RELEASED',
      old_grade_code: 'C',
      new_grade_code: 'C',
      reason: '数据更正',
    });
    expect([Number(rescore.old_total_score), Number(rescore.new_total_score)]).toEqual([72.5, 76]);
    const second = await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'APPEAL', reason: 'again' });
    expectError(second, 409);
    expect(second.body.msg).toContain('already been appealed');
    expectOk(await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'AGREE' }));
    expect((await resultOf(p, id)).status).toBe('CONFIRMED');
  });

  it("the appeal's files are linked to the result: the buyer reviewing it downloads them, another supplier gets 404", async () => {
    const { id } = await released();
    const as = async (user: 'buyer01' | 'supplier01' | 'supplier02', menu: string) =>
      sessionHeaders(p.sessions[user], RESP[user], await menuId(p.server, menu));
    const own = await as('supplier01', 'SUP_SPE_APPEAL');
    const [added, sent] = [
      expectOk(await upload(p.server, own, [{ name: 'evidence.pdf', bytes: PDF }]))[0].id as number,
      expectOk(await upload(p.server, own, [{ name: 'photo.png', bytes: PNG }]))[0].id as number,
    ];
    expectOk(await supplier(p, 'supplier01', 'addAppealFile', { performanceId: id, attachmentId: added }));
    const attachments = [added, sent];
    expectOk(
      await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'APPEAL', reason: '数据有误', attachments }),
    );
    const reviewer = await as('buyer01', INSIDE_MENU);
    for (const [file, bytes] of [
      [added, PDF],
      [sent, PNG],
    ] as const) {
      const download = await fileCall(p.server, reviewer, `v2/file/download?id=${file}`);
      expect(download.status).toBe(200);
      expect(download.bytes.equals(bytes)).toBe(true);
      const foreign = await as('supplier02', 'SUP_SPE_APPEAL');
      expect((await fileCall(p.server, foreign, `v2/file/download?id=${file}`)).status).toBe(404);
    }
  });

  it('an appeal after the deadline is refused (409); on the deadline day it is allowed', async () => {
    const late = await released();
    await setColumn(p, late.id, 'appeal_deadline', dayFrom(-1));
    const answer = await supplier(p, 'supplier01', 'agreeOrAppeal', {
      id: late.id,
      decision: 'APPEAL',
      reason: 'late',
    });
    expectError(answer, 409);
    expect(answer.body.msg).toContain('appeal period ended');
    expect((await resultOf(p, late.id)).status).toBe('RELEASED');
    const onTime = await released();
    await setColumn(p, onTime.id, 'appeal_deadline', today());
    expectOk(await supplier(p, 'supplier01', 'doAppeal', { id: onTime.id, comment: 'on the last day' }));
    expect((await resultOf(p, onTime.id)).status).toBe('APPEALING');
  });

  it('a rejected appeal confirms with the reason; the supplier may not reject (403)', async () => {
    const { id } = await released();
    expectOk(await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'APPEAL', reason: 'why' }));
    expectError(await supplier(p, 'supplier01', 'doUpdateRejection', { id, rejectionReason: 'no' }), 403);
    expectError(await buyer(p, 'doUpdateRejection', { id, rejectionReason: '' }), 400, ['rejectionReason']);
    expectOk(await buyer(p, 'doUpdateRejection', { id, rejectionReason: '数据无误' }));
    expect(await resultOf(p, id)).toMatchObject({
      status: 'CONFIRMED',
      appeal_result: 'REJECTED',
      rejection_reason: '数据无误',
    });
    expect((await internalTodos(p, id))[0].handle_flag).toBe('Y');
    expectError(await buyer(p, 'doUpdateRejection', { id, rejectionReason: 'again' }), 409);
    expectError(await buyer(p, 'saveAfterScore', { id, totalScore: '80' }), 409);
  });
});

describe('rectification', () => {
  it('requirement → supplier report → failed → report → passed, with to-dos and history', async () => {
    const { id } = await released();
    expectError(await buyer(p, 'doRectification', { id, rectifyRequirement: 'x' }), 409);
    expectOk(await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'AGREE' }));
    expectError(await buyer(p, 'doRectification', { id }), 400, ['rectifyRequirement']);
    expectError(await supplier(p, 'supplier01', 'doRectification', { id, rectifyRequirement: 'x' }), 403);
    const past = await buyer(p, 'doRectification', { id, rectifyRequirement: 'x', rectifyDeadline: dayFrom(-1) });
    expectError(past, 400, ['rectifyDeadline']);
    expect(past.body.msg).toContain('cannot be before today');
    expectOk(
      await buyer(p, 'doRectification', { id, rectifyRequirement: '提升准时交付率', rectifyDeadline: dayFrom(30) }),
    );
    expect(await resultOf(p, id)).toMatchObject({ status: 'RECTIFYING', rectify_requirement: '提升准时交付率' });
    expect(dateOf((await resultOf(p, id)).rectify_deadline)).toBe(dayFrom(30));
    expect(await supplierTodos(p, id, 'SRM_RECTIFICATION')).toMatchObject([
      { handle_flag: 'N', menu_code: 'SUP_SPE_RECTIFICATION' },
    ]);
    const rect = (user: 'supplier01' | 'supplier02', action: string, body: Record<string, unknown>) =>
      supplier(p, user, action, body, 'SUP_SPE_RECTIFICATION');
    expectError(await buyer(p, 'doSupplierCommit', { id, rectifyReport: 'x' }), 403);
    expectError(await rect('supplier02', 'doSupplierCommit', { id, rectifyReport: 'x' }), 404);
    expectError(await rect('supplier01', 'doSupplierCommit', { id, rectifyReport: 'r', attachments: [999999] }), 400, [
      'attachments',
    ]);
    expectOk(await rect('supplier01', 'doSupplierCommit', { id, rectifyReport: '已增加产能' }));
    expect(await resultOf(p, id)).toMatchObject({ status: 'RECTIFY_SUBMITTED', rectify_report: '已增加产能' });
    expect((await supplierTodos(p, id, 'SRM_RECTIFICATION'))[0].handle_flag).toBe('Y');
    expectError(await buyer(p, 'doConfirm', { id }), 400, ['rectifyResult']);
    expectOk(await buyer(p, 'doConfirm', { id, rectifyResult: 'FAILED' }));
    expect(await resultOf(p, id)).toMatchObject({ status: 'RECTIFYING', rectify_result: 'FAILED' });
    expect((await supplierTodos(p, id, 'SRM_RECTIFICATION')).filter((t) => t.handle_flag === 'N')).toHaveLength(1);
    expectOk(await rect('supplier01', 'doSupplierCommit', { id, rectifyReport: '第二次整改' }));
    expectError(await supplier(p, 'supplier01', 'doConfirm', { id, rectifyResult: 'PASSED' }), 403);
    expectOk(await buyer(p, 'doConfirm', { id, rectifyResult: 'PASSED' }));
    expect(await resultOf(p, id)).toMatchObject({ status: 'CLOSED', rectify_result: 'PASSED' });
    expect((await historyRows(p, id)).map((h) => `${h.from_status}>${h.to_status}`)).toEqual([
      'UNRELEASED>RELEASED',
      'RELEASED>CONFIRMED',
      'CONFIRMED>RECTIFYING',
      'RECTIFYING>RECTIFY_SUBMITTED',
      'RECTIFY_SUBMITTED>RECTIFYING',
      'RECTIFYING>RECTIFY_SUBMITTED',
      'RECTIFY_SUBMITTED>CLOSED',
    ]);
    expectError(await buyer(p, 'doConfirm', { id }), 409);
  });

  it('doConfirm closes a confirmed result that needs no rectification', async () => {
    const { id } = await released();
    expectError(await buyer(p, 'doConfirm', { id }), 409);
    expectOk(await supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'AGREE' }));
    expectOk(await buyer(p, 'doConfirm', { id }));
    expect((await resultOf(p, id)).status).toBe('CLOSED');
    expectError(
      await supplier(p, 'supplier01', 'doSupplierCommit', { id, rectifyReport: 'x' }, 'SUP_SPE_RECTIFICATION'),
      409,
    );
  });
});

describe('at the same moment', () => {
  it('the last two results released at once both succeed and the scheme is RELEASED', async () => {
    for (let round = 0; round < 3; round++) {
      const schemeId = await newScheme(p);
      const [a, b] = [await newResult(p, schemeId, 1), await newResult(p, schemeId, 2)];
      const answers = await Promise.all([buyer(p, 'release', { id: a }), buyer(p, 'release', { id: b })]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(await schemeStatus(schemeId)).toBe('RELEASED');
    }
  });

  it('an agreement and an appeal sent together: one wins, the other is 409', async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await released();
      const answers = await Promise.all([
        supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'AGREE' }),
        supplier(p, 'supplier01', 'agreeOrAppeal', { id, decision: 'APPEAL', reason: 'r' }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await historyRows(p, id)).toHaveLength(2);
    }
  });
});

describe('the appeal-deadline job', () => {
  it('confirms RELEASED results whose deadline has passed, not those due today or later', async () => {
    const [yesterday, todayRow, tomorrow] = [await released(), await released(), await released()];
    await setColumn(p, yesterday.id, 'appeal_deadline', dayFrom(-1));
    await setColumn(p, todayRow.id, 'appeal_deadline', today());
    await setColumn(p, tomorrow.id, 'appeal_deadline', dayFrom(1));
    const { kernel } = p.server;
    // doDeadlineConfirm's timer (spePerformance.json), fired now as the platform scheduler fires it
    const timer = timerNamed(kernel.registry, transitionTimerName('srmSpePerformance', 'doDeadlineConfirm'));
    const confirmPastDeadline = async () =>
      (await fireTransitionTimer(kernel, timer as TransitionTimerDef, new Date(), systemContext())).fired;
    const done = await confirmPastDeadline();
    expect(done).toContain(yesterday.id);
    expect(done).not.toContain(todayRow.id);
    expect(done).not.toContain(tomorrow.id);
    expect((await resultOf(p, yesterday.id)).status).toBe('CONFIRMED');
    expect((await resultOf(p, todayRow.id)).status).toBe('RELEASED');
    expect((await resultOf(p, tomorrow.id)).status).toBe('RELEASED');
    expect((await historyRows(p, yesterday.id)).at(-1)).toMatchObject({
      action_code: 'doDeadlineConfirm',
      to_status: 'CONFIRMED',
      actor_user_id: null,
    });
    expect((await supplierTodos(p, yesterday.id, 'SRM_PERFORMANCE'))[0].handle_flag).toBe('Y');
    expect(await confirmPastDeadline()).not.toContain(yesterday.id);
  });
});
