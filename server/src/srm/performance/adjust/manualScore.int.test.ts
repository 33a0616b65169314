import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { act, draftOf, manualBody, rowOf } from './adjustFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * Manual scores (DOMAIN.md §2.2, lifecycle speManualScore): doEnabled NEW→VALID, doInvalid
 * NEW/VALID→INVALID; a VALID or INVALID row is neither edited nor deleted (409); the score is
 * non-zero, within ±100 and signed by its type, the reason required (400). Demo: 5101 VALID −2 for
 * supplier03, 5102 NEW +1 for supplier01.
 */
const p = proofServer('srm_spe_manual', { timeout: 180_000 });

describe('manual scores', () => {
  it('the demo rows are there for the buyer', async () => {
    const page = expectOk(await act(p, 'buyer01', 'manual', 'listByPage', { pageIndex: 1, pageRows: 50 }));
    const byId = new Map(page.map((r: { manualScoreId: number }) => [r.manualScoreId, r]));
    expect(byId.get(5101)).toMatchObject({ supplierId: 3, score: '-2.00', status: 'VALID', scoreType: 'DEDUCTION' });
    expect(byId.get(5102)).toMatchObject({ supplierId: 1, score: '1.00', status: 'NEW' });
  });

  it('saves, edits, enables, then refuses edit, delete and enable again (409); invalidates', async () => {
    const id = await draftOf(p, 'manual', manualBody('-3.5'));
    const saved = await rowOf(p, 'manual', id);
    expect(saved.status).toBe('NEW');
    expect(String(saved.score)).toMatch(/^-3\.50*$/);
    expectOk(
      await act(p, 'buyer01', 'manual', 'saveOrUpdate', {
        manualScoreId: id,
        reason: '改了原因',
        versionNum: saved.version_num,
      }),
    );
    expect((await rowOf(p, 'manual', id)).reason).toBe('改了原因');
    expectError(await act(p, 'buyer01', 'manual', 'doInvalid', { id: 999999 }), 404);
    expectOk(await act(p, 'buyer01', 'manual', 'doEnabled', { id }));
    const valid = await rowOf(p, 'manual', id);
    expect(valid.status).toBe('VALID');
    expectError(await act(p, 'buyer01', 'manual', 'doEnabled', { id }), 409);
    expectError(
      await act(p, 'buyer01', 'manual', 'saveOrUpdate', {
        manualScoreId: id,
        reason: 'x',
        versionNum: valid.version_num,
      }),
      409,
    );
    expectError(await act(p, 'buyer01', 'manual', 'delete', { id }), 409);
    expectOk(await act(p, 'buyer01', 'manual', 'doInvalid', { id }));
    expect((await rowOf(p, 'manual', id)).status).toBe('INVALID');
    expectError(await act(p, 'buyer01', 'manual', 'doInvalid', { id }), 409);
    expectError(await act(p, 'buyer01', 'manual', 'doEnabled', { id }), 409);
    expectError(await act(p, 'buyer01', 'manual', 'delete', { id }), 409);
  });

  it('a NEW row can be invalidated or deleted', async () => {
    const a = await draftOf(p, 'manual', manualBody('5'));
    expectOk(await act(p, 'buyer01', 'manual', 'doInvalid', { id: a }));
    expect((await rowOf(p, 'manual', a)).status).toBe('INVALID');
    const b = await draftOf(p, 'manual', manualBody('5'));
    expectOk(await act(p, 'buyer01', 'manual', 'delete', { id: b }));
    expect(await rowOf(p, 'manual', b)).toBeUndefined();
  });

  it('refuses a zero score, a score out of ±100, a sign against the type and a missing reason (400)', async () => {
    const zero = await act(p, 'buyer01', 'manual', 'saveOrUpdate', manualBody('0'));
    expectError(zero, 400);
    expect(zero.body.msg).toBe('The score cannot be 0');
    expectError(await act(p, 'buyer01', 'manual', 'saveOrUpdate', manualBody('100.01')), 400);
    expectError(await act(p, 'buyer01', 'manual', 'saveOrUpdate', manualBody('-101')), 400);
    const sign = await act(p, 'buyer01', 'manual', 'saveOrUpdate', manualBody('2', { scoreType: 'DEDUCTION' }));
    expectError(sign, 400);
    expect(sign.body.msg).toBe('A deduction must be below 0');
    expectError(await act(p, 'buyer01', 'manual', 'saveOrUpdate', manualBody('-2', { reason: '' })), 400);
    const { reason: _omit, ...noReason } = manualBody('-2');
    expectError(await act(p, 'buyer01', 'manual', 'saveOrUpdate', noReason), 400);
    const id = await draftOf(p, 'manual', manualBody('4'));
    const row = await rowOf(p, 'manual', id);
    const update = await act(p, 'buyer01', 'manual', 'saveOrUpdate', {
      manualScoreId: id,
      score: '0',
      versionNum: row.version_num,
    });
    expectError(update, 400);
    expect(String((await rowOf(p, 'manual', id)).score)).toMatch(/^4\.?0*$/);
  });

  it('suppliers get 403 or 404 on every call', async () => {
    for (const [action, body] of [
      ['listByPage', { pageIndex: 1, pageRows: 10 }],
      ['findById', { id: 5102 }],
      ['saveOrUpdate', manualBody('1', { supplierId: 1 })],
      ['doEnabled', { id: 5102 }],
      ['doInvalid', { id: 5101 }],
      ['delete', { id: 5102 }],
    ] as [string, Record<string, unknown>][]) {
      const answer = await act(p, 'supplier01', 'manual', action, body);
      expect([action, [403, 404].includes(answer.status)]).toEqual([action, true]);
    }
    expect((await rowOf(p, 'manual', 5102)).status).toBe('NEW');
    expect((await rowOf(p, 'manual', 5101)).status).toBe('VALID');
  });
});
