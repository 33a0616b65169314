import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { rows } from '../../../testing/proofFixtures';
import { act, C01, D01, draftOf, indicatorBody, Q01, rowOf, S01, templateBody } from './setupFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * Indicators and templates (DOMAIN.md §2.1): std-approval with 409 out of state and 403 for the
 * submitter, unique codes, copies, the finders, the template's weights (Σ = 1, decimal) and INVALID.
 */
const p = proofServer('srm_spe_setup', { timeout: 180_000 });

describe('indicators', () => {
  it('submit → approve; repeats and out-of-state actions answer 409; the buyer holds no approve button', async () => {
    const id = await draftOf(p, 'indicators', indicatorBody());
    expect((await rowOf(p, 'indicators', id)).status).toBe('DRAFT');
    expectError(await act(p, 'manager01', 'indicators', 'approvalIndicators', { id }), 409);
    expectOk(await act(p, 'buyer01', 'indicators', 'submitIndicators', { id }));
    expectError(await act(p, 'buyer01', 'indicators', 'submitIndicators', { id }), 409);
    expectError(await act(p, 'buyer01', 'indicators', 'approvalIndicators', { id }), 403);
    expectOk(await act(p, 'manager01', 'indicators', 'approvalIndicators', { id }));
    const row = await rowOf(p, 'indicators', id);
    expect([row.status, Number(row.submitted_by), Number(row.approved_by)]).toEqual(['APPROVED', 2, 3]);
    expectError(await act(p, 'manager01', 'indicators', 'rejectIndicators', { id, comment: 'no' }), 409);
    expectError(await act(p, 'buyer01', 'indicators', 'submitIndicators', { id }), 409);
    expectError(
      await act(p, 'buyer01', 'indicators', 'saveOrUpdate', { ...indicatorBody(), indicatorsHeadId: id }),
      409,
    );
  });

  it('reject (with a comment) → REJECTED, submitted again; the submitter may not approve (403)', async () => {
    const id = await draftOf(p, 'indicators', indicatorBody(), 'admin');
    expectOk(await act(p, 'admin', 'indicators', 'submitIndicators', { id }));
    expectError(await act(p, 'admin', 'indicators', 'approvalIndicators', { id }), 403);
    expectError(await act(p, 'manager01', 'indicators', 'rejectIndicators', { id }), 400);
    expectOk(await act(p, 'manager01', 'indicators', 'rejectIndicators', { id, comment: '补充评分区间' }));
    expect((await rowOf(p, 'indicators', id)).status).toBe('REJECTED');
    expectOk(await act(p, 'admin', 'indicators', 'submitIndicators', { id }));
    expect((await rowOf(p, 'indicators', id)).status).toBe('SUBMITTED');
  });

  it('an indicator code is unique', async () => {
    const answer = await act(p, 'buyer01', 'indicators', 'saveOrUpdate', indicatorBody('D01'));
    expect([400, 409]).toContain(answer.status);
    expect(answer.body.msg).toMatch(/指标编码|indicatorCode|已存在|exists/);
  });

  it('copyIndicators: a DRAFT with the lines, persons and departments, code D01-COPY then D01-COPY2', async () => {
    const first = expectOk(await act(p, 'buyer01', 'indicators', 'copyIndicators', { id: D01 }));
    expect([
      first.indicatorCode,
      first.status,
      first.lines.length,
      first.persons.length,
      first.departments.length,
    ]).toEqual(['D01-COPY', 'DRAFT', 4, 1, 1]);
    expect(first.indicatorsHeadId).not.toBe(D01);
    expect((await act(p, 'buyer01', 'indicators', 'copyIndicators', { id: D01 })).body.data.indicatorCode).toBe(
      'D01-COPY2',
    );
    expect((await rowOf(p, 'indicators', D01)).status).toBe('APPROVED');
    expectError(await act(p, 'buyer01', 'indicators', 'copyIndicators', { id: 999999 }), 404);
  });

  it('findIndicatorsList filters; findIndicatorsListByAssessmentDimensions answers APPROVED indicators only', async () => {
    const list = expectOk(
      await act(p, 'buyer01', 'indicators', 'findIndicatorsList', { assessmentDimension: 'DELIVERY' }),
    );
    const codes = list.map((r: { indicatorCode: string }) => r.indicatorCode);
    expect(codes).toEqual(expect.arrayContaining(['D01', 'D02']));
    expect(codes).not.toContain('Q01');
    const approved = expectOk(
      await act(p, 'buyer01', 'indicators', 'findIndicatorsListByAssessmentDimensions', {
        assessmentDimensions: ['DELIVERY', 'QUALITY'],
      }),
    );
    const approvedCodes = approved.map((r: { indicatorCode: string }) => r.indicatorCode);
    expect(approvedCodes).toEqual(expect.arrayContaining(['D01', 'Q01']));
    expect(approvedCodes).not.toContain('D02'); // SUBMITTED
    expect(approvedCodes).not.toContain('C01'); // COST
    expect(approved.every((r: { status: string }) => r.status === 'APPROVED')).toBe(true);
  });
});

describe('templates', () => {
  it('weights must add up to 1 on submit: 400 naming the sum and the difference; fixed → submit, approve, invalid', async () => {
    const id = await draftOf(
      p,
      'template',
      templateBody([
        [D01, '0.30'],
        [Q01, '0.35'],
        [C01, '0.20'],
        [S01, '0.10'],
      ]),
    );
    const short = await act(p, 'buyer01', 'template', 'submitTemplate', { id });
    expectError(short, 400);
    expect(short.body.msg).toBe('Weights add up to 0.95, 0.05 short of 1'); // the sessions sign in in English; CN in setupRules.test.ts;
    expect((await rowOf(p, 'template', id)).status).toBe('DRAFT');
    const stored = expectOk(await act(p, 'buyer01', 'template', 'findById', { id }));
    const indicators = stored.indicators.map((l: Record<string, unknown>) => ({
      templateIndicatorId: l.templateIndicatorId,
      indicatorsHeadId: l.indicatorsHeadId,
      weight: l.indicatorsHeadId === S01 ? '0.15' : l.weight,
    }));
    expectOk(
      await act(p, 'buyer01', 'template', 'saveOrUpdate', {
        ...stored,
        indicators,
        templateHeadId: id,
        versionNum: stored.versionNum,
      }),
    );
    expectOk(await act(p, 'buyer01', 'template', 'submitTemplate', { id }));
    expectError(await act(p, 'buyer01', 'template', 'approvalTemplate', { id }), 403);
    expectError(await act(p, 'buyer01', 'template', 'doInvalidTemplate', { id }), 409);
    expectOk(await act(p, 'manager01', 'template', 'approvalTemplate', { id }));
    expect((await rowOf(p, 'template', id)).status).toBe('APPROVED');
    expectOk(await act(p, 'buyer01', 'template', 'doInvalidTemplate', { id }));
    expect((await rowOf(p, 'template', id)).status).toBe('INVALID');
    expectError(await act(p, 'buyer01', 'template', 'doInvalidTemplate', { id }), 409);
    expectError(await act(p, 'buyer01', 'template', 'submitTemplate', { id }), 409);
  });

  it('over 1 is refused as well; the submitter may not approve (403); reject → REJECTED', async () => {
    const id = await draftOf(
      p,
      'template',
      templateBody([
        [D01, '0.5'],
        [Q01, '0.6'],
      ]),
      'admin',
    );
    const over = await act(p, 'admin', 'template', 'submitTemplate', { id });
    expectError(over, 400);
    expect(over.body.msg).toBe('Weights add up to 1.1, 0.1 over 1');
    const ok = await draftOf(
      p,
      'template',
      templateBody([
        [D01, '0.5'],
        [Q01, '0.5'],
      ]),
      'admin',
    );
    expectOk(await act(p, 'admin', 'template', 'submitTemplate', { id: ok }));
    expectError(await act(p, 'admin', 'template', 'approvalTemplate', { id: ok }), 403);
    expectOk(await act(p, 'manager01', 'template', 'rejectTemplate', { id: ok, comment: '权重再议' }));
    expect((await rowOf(p, 'template', ok)).status).toBe('REJECTED');
    expectError(await act(p, 'manager01', 'template', 'rejectTemplate', { id: ok, comment: 'x' }), 409);
  });

  it('an indicator once per template, a weight in (0, 1], only APPROVED indicators, at least one line', async () => {
    expectError(
      await act(
        p,
        'buyer01',
        'template',
        'saveOrUpdate',
        templateBody([
          [D01, '0.5'],
          [D01, '0.5'],
        ]),
      ),
      400,
    );
    expectError(
      await act(
        p,
        'buyer01',
        'template',
        'saveOrUpdate',
        templateBody([
          [D01, '0'],
          [Q01, '1'],
        ]),
      ),
      400,
    );
    expectError(await act(p, 'buyer01', 'template', 'saveOrUpdate', templateBody([[4905, '1']])), 400); // T01 is a DRAFT
    const empty = await draftOf(p, 'template', templateBody([]));
    expectError(await act(p, 'buyer01', 'template', 'submitTemplate', { id: empty }), 400);
  });

  it('copyTemplate copies indicators, categories and contracts into a DRAFT', async () => {
    const copy = expectOk(await act(p, 'buyer01', 'template', 'copyTemplate', { id: 4901 }));
    expect([
      copy.templateCode,
      copy.status,
      copy.indicators.length,
      copy.categories.length,
      copy.contracts.length,
    ]).toEqual(['QUARTER-COPY', 'DRAFT', 4, 1, 1]);
    expect(copy.contracts[0].contractType).toBe('PURCHASE');
  });

  it('findIndicatorsBytemplateHeadId and findByTemplateHeadId (categories, contracts)', async () => {
    const lines = expectOk(
      await act(p, 'buyer01', 'template', 'findIndicatorsBytemplateHeadId', { templateHeadId: 4901 }),
    );
    expect(lines.map((l: { indicatorCode: string; weight: unknown }) => [l.indicatorCode, Number(l.weight)])).toEqual([
      ['D01', 0.3],
      ['Q01', 0.35],
      ['C01', 0.2],
      ['S01', 0.15],
    ]);
    const categories = expectOk(await act(p, 'buyer01', 'category', 'findByTemplateHeadId', { templateHeadId: 4901 }));
    expect(categories.map((c: { categoryId: number }) => c.categoryId)).toEqual([1]);
    const contracts = expectOk(await act(p, 'buyer01', 'contract', 'findByTemplateHeadId', { templateHeadId: 4901 }));
    expect(contracts.map((c: { contractType: string }) => c.contractType)).toEqual(['PURCHASE']);
    expectError(await act(p, 'buyer01', 'template', 'findIndicatorsBytemplateHeadId', { templateHeadId: 999999 }), 404);
    expectError(await act(p, 'buyer01', 'template', 'findIndicatorsBytemplateHeadId', {}), 400);
  });

  it('the demo scheme points at template QUARTER and setting STD', async () => {
    const [scheme] = await rows(p, 'srm_spe_scheme', 'scheme_id', { scheme_id: 1 });
    expect([Number(scheme.template_head_id), Number(scheme.setting_head_id)]).toEqual([4901, 4901]);
  });
});

describe('suppliers', () => {
  it('get 403 or 404 on every set-up endpoint (INSIDE only)', async () => {
    const calls: [Parameters<typeof act>[2], string, Record<string, unknown>][] = [
      ['indicators', 'listByPage', { pageIndex: 1, pageRows: 10 }],
      ['indicators', 'findById', { id: D01 }],
      ['indicators', 'saveOrUpdate', indicatorBody()],
      ['indicators', 'submitIndicators', { id: 4905 }],
      ['indicators', 'approvalIndicators', { id: 4906 }],
      ['indicators', 'copyIndicators', { id: D01 }],
      ['indicators', 'findIndicatorsList', {}],
      ['indicators', 'findIndicatorsListByAssessmentDimensions', {}],
      ['template', 'listByPage', { pageIndex: 1, pageRows: 10 }],
      ['template', 'findById', { id: 4901 }],
      ['template', 'submitTemplate', { id: 4902 }],
      ['template', 'approvalTemplate', { id: 4903 }],
      ['template', 'doInvalidTemplate', { id: 4901 }],
      ['template', 'copyTemplate', { id: 4901 }],
      ['template', 'findIndicatorsBytemplateHeadId', { templateHeadId: 4901 }],
      ['category', 'findByTemplateHeadId', { templateHeadId: 4901 }],
      ['contract', 'findByTemplateHeadId', { templateHeadId: 4901 }],
    ];
    for (const [doc, action, body] of calls) {
      const answer = await act(p, 'supplier01', doc, action, body);
      expect([action, [403, 404].includes(answer.status)]).toEqual([action, true]);
    }
    expect((await rowOf(p, 'template', 4901)).status).toBe('APPROVED');
  });
});
