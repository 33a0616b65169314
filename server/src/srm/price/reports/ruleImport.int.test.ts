import * as ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { systemContext } from '../../../resource/context';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { signedHeaders, type ApiAnswer } from '../../../testing/testServer';
import { call, RESP, rows, type ProofUser } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';

/** doImportExcel on a price rule: factors (sheet 1) and score ranges (sheet 2) replace the rule's, all or nothing. */
const p = proofServer('srm_sml_rule_import');

async function newRule(status = 'NEW'): Promise<number> {
  const model = p.server.kernel.registry.entity('srmSmlRuleHeader')!;
  return p.server.kernel.db.transaction((tx) =>
    p.server.kernel.resources.writer.insert(
      tx,
      model,
      {
        ruleCode: `R-IMP-${Date.now() % 100000}-${Math.random().toString(36).slice(2, 6)}`,
        ruleName: 'import',
        status,
      },
      systemContext(),
    ),
  );
}

async function upload(
  id: number,
  factors: unknown[][],
  scores: unknown[][],
  user: ProofUser = 'buyer01',
): Promise<ApiAnswer> {
  const book = new ExcelJS.Workbook();
  for (const [name, data] of [
    ['因素', factors],
    ['评分区间', scores],
  ] as const) {
    const sheet = book.addWorksheet(name);
    for (const r of data) sheet.addRow(r);
  }
  const form = new FormData();
  form.append('ruleHeaderId', String(id));
  form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'rule.xlsx');
  const { 'content-type': _json, ...signed } = signedHeaders();
  const res = await fetch(`${p.server.baseUrl}/api/srmServer/v1/srmSmlRuleHeaderRestful/doImportExcel`, {
    method: 'POST',
    headers: {
      ...signed,
      ...sessionHeaders(p.sessions[user], RESP[user], await menuId(p.server, 'SML_PRICE_RULE_EDIT')),
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
}

const FACTORS = [
  ['因素名称', '上级因素', '权重'],
  ['原材料价格', null, 0.6],
  ['铜价月涨幅', '原材料价格', 0.6],
  ['交付表现', null, 0.4],
];
const SCORES = [
  ['Factor', 'From', 'To', 'Score'],
  ['铜价月涨幅', 0, 0.03, 60],
  ['铜价月涨幅', 0.03, 0.1, 80],
  ['交付表现', 0.95, 1, 90],
];
const linesOf = (id: number) => rows(p, 'srm_sml_rule_line', 'rule_line_id', { rule_header_id: id });
const scoresOf = (id: number) => rows(p, 'srm_sml_rule_score', 'rule_score_id', { rule_header_id: id });

describe('doImportExcel on a price rule', () => {
  it('imports the factor tree and the score ranges (titles in either language), replacing the earlier ones', async () => {
    const id = await newRule();
    expect(expectOk(await upload(id, FACTORS, SCORES))).toEqual({ factors: 3, scores: 3 });
    expectOk(await upload(id, FACTORS, SCORES));
    const lines = await linesOf(id);
    expect(lines.map((l) => l.factor_name)).toEqual(['原材料价格', '铜价月涨幅', '交付表现']);
    expect(lines[1].parent_line_id).toBe(lines[0].rule_line_id);
    expect(lines[0].parent_line_id).toBeNull();
    const scores = await scoresOf(id);
    expect(scores).toHaveLength(3);
    expect(scores.map((s) => s.rule_line_id)).toEqual([
      lines[1].rule_line_id,
      lines[1].rule_line_id,
      lines[2].rule_line_id,
    ]);
    expect(Number(scores[2].score)).toBe(90);
  });

  it('a bad row: 400 listing every bad row, and nothing is written', async () => {
    const id = await newRule();
    expectOk(await upload(id, FACTORS, SCORES));
    const before = (await linesOf(id)).map((l) => l.rule_line_id);
    const answer = await upload(
      id,
      [...FACTORS, ['包装', '不存在', 0.2], ['运输', null, 1.5]],
      [...SCORES, ['未知因素', 0, 1, 50], ['交付表现', 1, 0.5, 70]],
    );
    expectError(answer, 400);
    expect((answer.body.errors as { field: string }[]).map((e) => e.field)).toEqual([
      'factors[row 5]',
      'factors[row 6]',
      'scores[row 5]',
      'scores[row 6]',
    ]);
    expect((await linesOf(id)).map((l) => l.rule_line_id)).toEqual(before);
    expect(await scoresOf(id)).toHaveLength(3);
  });

  it('a VALID rule is refused (409); no upload is 400', async () => {
    const id = await newRule('VALID');
    expectError(await upload(id, FACTORS, SCORES), 409);
    expect(await linesOf(id)).toHaveLength(0);
    const open = await newRule();
    expectError(
      await call(p, 'buyer01', 'SML_PRICE_RULE_EDIT', 'srmSmlRuleHeaderRestful', 'doImportExcel', {
        ruleHeaderId: open,
      }),
      400,
    );
  });
});
