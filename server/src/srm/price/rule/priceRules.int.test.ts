import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { call, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Price rules (DOMAIN.md §3 srmSmlRuleHeader): factors as a tree, score ranges per factor, validity lifecycle. */
const p = proofServer('srm_sml_rule');

const rule = (user: ProofUser, action: string, body: Body) =>
  call(
    p,
    user,
    user.startsWith('supplier') ? 'SUP_SML_ADJUSTMENT' : 'SML_PRICE_RULE',
    'srmSmlRuleHeaderRestful',
    action,
    body,
  );

describe('price rules', () => {
  it('saves factors first, then child factors and score ranges naming them; findChilderByHeaderId returns the tree', async () => {
    const saved = expectOk(
      await rule('buyer01', 'saveOrUpdate', {
        ruleCode: 'R-TEST-1',
        ruleName: 'test rule',
        categoryId: 6,
        lines: [
          { factorName: 'price', weight: '0.7' },
          { factorName: 'delivery', weight: '0.3' },
        ],
      }),
    );
    const [price, delivery] = saved.lines.map((l: Body) => l.ruleLineId as number);
    const again = expectOk(
      await rule('buyer01', 'saveOrUpdate', {
        ruleHeaderId: saved.ruleHeaderId,
        versionNum: saved.versionNum,
        lines: [
          { ruleLineId: price, factorName: 'price', weight: '0.7' },
          { ruleLineId: delivery, factorName: 'delivery', weight: '0.3' },
          { factorName: 'copper rise', weight: '1', parentLineId: price },
        ],
        scores: [
          { ruleLineId: price, rangeFrom: '0', rangeTo: '0.05', score: '80' },
          { ruleLineId: delivery, rangeFrom: '0.9', rangeTo: '1', score: '100' },
        ],
      }),
    );
    const tree = expectOk(await rule('buyer01', 'findChilderByHeaderId', { ruleHeaderId: again.ruleHeaderId }));
    expect(
      tree.map((n: Body) => [
        n.factorName,
        (n.children as Body[]).map((c) => c.factorName),
        (n.scores as Body[]).map((s) => s.score),
      ]),
    ).toEqual([
      ['price', ['copper rise'], ['80.00']],
      ['delivery', [], ['100.00']],
    ]);
  });

  it('refuses a score or parent naming no saved factor of the rule, and a range whose From is above To (400)', async () => {
    const saved = expectOk(
      await rule('buyer01', 'saveOrUpdate', {
        ruleCode: 'R-TEST-2',
        ruleName: 'x',
        lines: [{ factorName: 'a', weight: '1' }],
      }),
    );
    const line = saved.lines[0].ruleLineId as number;
    const base = { ruleHeaderId: saved.ruleHeaderId, versionNum: saved.versionNum };
    expectError(await rule('buyer01', 'saveOrUpdate', { ...base, scores: [{ ruleLineId: 999999, score: '1' }] }), 400, [
      'scores[0].ruleLineId',
    ]);
    expectError(
      await rule('buyer01', 'saveOrUpdate', {
        ...base,
        scores: [{ ruleLineId: line, rangeFrom: '2', rangeTo: '1', score: '1' }],
      }),
      400,
      ['scores[0].rangeTo'],
    );
    expectError(
      await rule('buyer01', 'saveOrUpdate', {
        ...base,
        lines: [{ ruleLineId: line, factorName: 'a', weight: '1', parentLineId: line }],
      }),
      400,
      ['lines[0].parentLineId'],
    );
    expectError(await rule('buyer01', 'saveOrUpdate', { ruleCode: 'R-TEST-2', ruleName: 'dup' }), 409);
  });

  it('validity: enable, then no edits (409); findCategoryInfo lists the VALID rules of a category', async () => {
    const saved = expectOk(
      await rule('buyer01', 'saveOrUpdate', { ruleCode: 'R-TEST-3', ruleName: 'cables', categoryId: 6 }),
    );
    expectOk(await rule('buyer01', 'doEnable', { id: saved.ruleHeaderId }));
    expectError(await rule('buyer01', 'saveOrUpdate', { ruleHeaderId: saved.ruleHeaderId, ruleName: 'changed' }), 409);
    const info = expectOk(await rule('buyer01', 'findCategoryInfo', { categoryId: 6 }));
    expect(info).toMatchObject({ categoryId: 6, categoryCode: '0105' });
    expect(info.rules.map((r: Body) => r.ruleCode).sort()).toEqual(['R-TEST-3', 'RULE-CABLE-CU']);
    expectError(await rule('buyer01', 'findCategoryInfo', { categoryId: 0 }), 400, ['categoryId']);
  });

  it('is internal: suppliers are refused (403)', async () => {
    expectError(await rule('supplier01', 'listByPage', { pageIndex: 1, pageRows: 10 }), 403);
    expectError(await rule('supplier01', 'findChilderByHeaderId', { ruleHeaderId: 1 }), 403);
  });
});
