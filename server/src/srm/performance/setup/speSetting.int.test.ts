import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { act, draftOf, rowOf, settingBody } from './setupFixtures';
import { gradeForScore } from './settingRules';
import { proofServer } from '../../../testing/proofServer';

/**
 * Grade settings (DOMAIN.md §2.1): std-approval, the range rule on submit (400 naming the lines)
 * and gradeForScore, which reads APPROVED settings only (demo: STD 4901 APPROVED, STRICT 4902
 * DRAFT, ME02 4903 SUBMITTED).
 */
const p = proofServer('srm_spe_setting', { timeout: 180_000 });

const GOOD: [string, string, string][] = [
  ['A', '90', '100'],
  ['B', '80', '89.99'],
  ['C', '60', '79.99'],
  ['D', '0', '59.99'],
];

describe('grade settings', () => {
  it('overlapping ranges and a reversed range are refused on submit (400 naming the lines)', async () => {
    const overlap = await draftOf(
      p,
      'setting',
      settingBody([
        ['A', '90', '100'],
        ['B', '80', '90'],
      ]),
    );
    const answer = await act(p, 'buyer01', 'setting', 'submitSetting', { id: overlap });
    expectError(answer, 400);
    expect(answer.body.msg).toBe('The score ranges of grades B (line 2) and A (line 1) overlap');
    const reversed = await draftOf(p, 'setting', settingBody([['A', '100', '90']]));
    const back = await act(p, 'buyer01', 'setting', 'submitSetting', { id: reversed });
    expectError(back, 400);
    expect(back.body.msg).toBe('Grade A (line 1): score from is above score to');
    const empty = await draftOf(p, 'setting', settingBody([]));
    expectError(await act(p, 'buyer01', 'setting', 'submitSetting', { id: empty }), 400);
    expect((await rowOf(p, 'setting', overlap)).status).toBe('DRAFT');
  });

  it('submit → approve; 409 out of state; the buyer holds no approve button', async () => {
    const id = await draftOf(p, 'setting', settingBody(GOOD));
    expectError(await act(p, 'manager01', 'setting', 'approvalSetting', { id }), 409);
    expectOk(await act(p, 'buyer01', 'setting', 'submitSetting', { id }));
    expectError(await act(p, 'buyer01', 'setting', 'submitSetting', { id }), 409);
    expectError(await act(p, 'buyer01', 'setting', 'approvalSetting', { id }), 403);
    expectOk(await act(p, 'manager01', 'setting', 'approvalSetting', { id }));
    expect((await rowOf(p, 'setting', id)).status).toBe('APPROVED');
    expectError(await act(p, 'manager01', 'setting', 'rejectSetting', { id, comment: 'x' }), 409);
    expect(await p.server.kernel.db.transaction((tx) => gradeForScore(tx, id, '85'))).toMatchObject({ gradeCode: 'B' });
  });

  it('the submitter may not approve (403); reject → REJECTED → submitted again', async () => {
    const id = await draftOf(p, 'setting', settingBody(GOOD), 'admin');
    expectOk(await act(p, 'admin', 'setting', 'submitSetting', { id }));
    expectError(await act(p, 'admin', 'setting', 'approvalSetting', { id }), 403);
    expectOk(await act(p, 'manager01', 'setting', 'rejectSetting', { id, comment: '请补充 E 级' }));
    expect((await rowOf(p, 'setting', id)).status).toBe('REJECTED');
    expectOk(await act(p, 'admin', 'setting', 'submitSetting', { id }));
    expect((await rowOf(p, 'setting', id)).status).toBe('SUBMITTED');
  });
});

describe('gradeForScore', () => {
  const grade = (settingHeadId: number, score: string | number) =>
    p.server.kernel.db.transaction((tx) => gradeForScore(tx, settingHeadId, score));

  it('finds the line whose range holds the score, boundaries included (89.99 → B, 90 → A)', async () => {
    expect((await grade(4901, '89.99'))?.gradeCode).toBe('B');
    expect((await grade(4901, '90'))?.gradeCode).toBe('A');
    expect((await grade(4901, 90.0))?.gradeCode).toBe('A');
    expect((await grade(4901, '100'))?.gradeCode).toBe('A');
    expect(await grade(4901, '72.50')).toMatchObject({
      gradeCode: 'C',
      gradeAction: 'RECTIFY',
      warnPoFlag: 'Y',
      preventPoFlag: 'N',
      scoreFrom: '60.00',
      scoreTo: '79.99',
    });
    expect(await grade(4901, '59.99')).toMatchObject({
      gradeCode: 'D',
      gradeAction: 'FREEZE',
      preventPoFlag: 'Y',
      preventRfqFlag: 'Y',
      warnRfqFlag: 'N',
    });
    expect(await grade(4901, '100.01')).toBeUndefined();
    expect(await grade(4901, 'n/a')).toBeUndefined();
  });

  it('reads APPROVED settings only: a draft, a submitted or an unknown setting answers undefined', async () => {
    expect(await grade(4902, '96')).toBeUndefined();
    expect(await grade(4903, '96')).toBeUndefined();
    expect(await grade(999999, '96')).toBeUndefined();
  });
});

describe('suppliers', () => {
  it('get 403 or 404 on the grade settings', async () => {
    for (const [action, body] of [
      ['listByPage', { pageIndex: 1, pageRows: 10 }],
      ['findById', { id: 4901 }],
      ['saveOrUpdate', settingBody(GOOD)],
      ['submitSetting', { id: 4902 }],
      ['approvalSetting', { id: 4903 }],
      ['rejectSetting', { id: 4903, comment: 'x' }],
    ] as [string, Record<string, unknown>][]) {
      const answer = await act(p, 'supplier01', 'setting', action, body);
      expect([action, [403, 404].includes(answer.status)]).toEqual([action, true]);
    }
    expect((await rowOf(p, 'setting', 4903)).status).toBe('SUBMITTED');
  });
});
