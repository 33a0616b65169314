import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { runSql } from '../../../testing/authFixtures';
import { call, historyOf, rows, todosOf } from '../../../testing/proofFixtures';
import { findMaterialPrice } from '../../purchasing/price/contract';
import { decimalText } from '../../../util/decimal';
import {
  LIST_RES,
  adj,
  approvedAdjustment,
  draftAdjustment,
  list,
  seedPresets,
  seedPrices,
} from './adjustmentFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Price adjustments (DOMAIN.md §3): server-side inputs and prices, lifecycle, supplier scope and confirmation. */
const p = proofServer('srm_sml_adjustment');
beforeAll(async () => {
  await seedPrices(p);
  await seedPresets(p);
});

const HEAD = 'srmSmlAdjustmentHead';
const headOf = async (id: number) =>
  (await rows(p, 'srm_sml_adjustment_head', 'adjustment_head_id', { adjustment_head_id: id }))[0];
const pricesOf = async (supplierId: number) =>
  (
    await rows(p, 'srm_pur_material_price', 'material_price_id', { item_id: 7, supplier_id: supplierId, org_id: 2 })
  ).map((r) => ({
    price: decimalText(r.unit_price_excl, 6),
    from: String(r.valid_from).slice(0, 10),
    to: r.valid_to ? String(r.valid_to).slice(0, 10) : null,
    status: r.price_status,
    source: r.source_type,
    doc: r.source_doc_number,
  }));
const listRowsOf = (id: number) => rows(p, 'srm_sml_adjustment_list', 'adjustment_list_id', { adjustment_head_id: id });
const supplierTodos = (id: number) =>
  rows(p, 'base_supplier_todo', 'supplier_todo_id', { entity_name: HEAD, bill_id: id });

describe('saving an adjustment', () => {
  it('fills old price, tax, preset proportion and index prices, and computes new price, change rate and impact exactly', async () => {
    const id = await draftAdjustment(p, {
      lines: [
        { itemId: 7, estimatedQty: '1000' },
        { itemId: 8, oldPrice: '20', taxRate: '0.13', formulaText: 'oldPrice * (1 + 0.1)', estimatedQty: '10' },
      ],
    });
    const found = expectOk(await adj(p, 'buyer01', 'findById', { id }));
    expect(found).toMatchObject({ status: 'DRAFT', supplierId: 1, totalImpactAmount: '125.88' });
    expect(found.adjustmentNumber).toMatch(/^ADJ\d{12}$/);
    expect(found.lines[0]).toMatchObject({
      itemCode: '2001000301',
      oldPrice: '2.000000',
      taxRate: '0.1300',
      rawMaterialCode: 'CU',
      proportion: '0.5000',
      baseIndexPrice: '68000.000000',
      currentIndexPrice: '75200.000000',
      // 2 × (1 + 0.5 × 7200 / 68000) = 2.1058823529… → 2.105882
      newPrice: '2.105882',
      changeRate: '0.0529',
      impactAmount: '105.88',
    });
    expect(found.lines[1]).toMatchObject({ newPrice: '22.000000', changeRate: '0.1000', impactAmount: '20.00' });
  });

  it('keeps a new price given by hand; compAdjustment recomputes it by the formula', async () => {
    const id = await draftAdjustment(p, { lines: [{ itemId: 7, newPrice: '9', estimatedQty: '2' }] });
    expect(expectOk(await adj(p, 'buyer01', 'findById', { id })).lines[0]).toMatchObject({
      newPrice: '9.000000',
      impactAmount: '14.00',
    });
    const computed = expectOk(await adj(p, 'buyer01', 'compAdjustment', { id }));
    expect(computed.lines[0]).toMatchObject({ newPrice: '2.105882', impactAmount: '0.21' });
    expect(computed.totalImpactAmount).toBe('0.21');
  });

  it('refuses a bad formula with 400 naming the line (unknown variable, syntax, division by zero, prototype names)', async () => {
    for (const formulaText of [
      'oldPrice * foo',
      'oldPrice *',
      'oldPrice / (proportion - proportion)',
      'constructor',
      '__proto__ + 1',
    ]) {
      const answer = await adj(p, 'buyer01', 'saveOrUpdate', {
        adjustmentType: 'NEGOTIATION',
        supplierId: 1,
        orgId: 2,
        currencyCode: 'CNY',
        effectiveDate: '2026-12-01',
        lines: [{ itemId: 7, formulaText }],
      });
      expectError(answer, 400, ['lines[0].formulaText']);
    }
    const unknown = await adj(p, 'buyer01', 'saveOrUpdate', {
      adjustmentType: 'NEGOTIATION',
      supplierId: 1,
      orgId: 2,
      currencyCode: 'CNY',
      effectiveDate: '2026-12-01',
      lines: [{ itemId: 7, formulaText: 'oldPrice * foo' }],
    });
    expect(unknown.body.msg).toMatch(/foo/);
  });

  it('refuses a line whose new price cannot be computed (400 naming the missing inputs) or that has no old price', async () => {
    const base = {
      adjustmentType: 'LINKAGE',
      supplierId: 1,
      orgId: 2,
      currencyCode: 'CNY',
      effectiveDate: '2026-12-01',
    };
    const noIndex = await adj(p, 'buyer01', 'saveOrUpdate', { ...base, lines: [{ itemId: 8, oldPrice: '20' }] });
    expectError(noIndex, 400, ['lines[0].newPrice']);
    expect(noIndex.body.msg).toMatch(/proportion/);
    const noOld = await adj(p, 'buyer01', 'saveOrUpdate', { ...base, lines: [{ itemId: 8, newPrice: '21' }] });
    expectError(noOld, 400, ['lines[0].oldPrice']);
  });

  it('viewJSGS shows the formula with its values for a line, and for every line of an adjustment', async () => {
    const id = await draftAdjustment(p);
    const head = expectOk(await adj(p, 'buyer01', 'findById', { id }));
    const one = expectOk(await adj(p, 'buyer01', 'viewJSGS', { adjustmentLineId: head.lines[0].adjustmentLineId }));
    expect(one).toMatchObject({
      defaultFormula: true,
      formulaText: 'oldPrice * (1 + proportion * (currentIndexPrice - baseIndexPrice) / baseIndexPrice)',
      substituted: '2.000000 * (1 + 0.5000 * (75200.000000 - 68000.000000) / 68000.000000)',
      result: '2.105882',
    });
    expect(expectOk(await adj(p, 'buyer01', 'viewJSGS', { adjustmentHeadId: id }))).toHaveLength(1);
    expectError(await adj(p, 'buyer01', 'viewJSGS', { adjustmentLineId: 99999999 }), 404);
  });
});

describe('lifecycle', () => {
  it('submit → approve raises the supplier to-do; the approval to-do goes to manager01', async () => {
    const id = await draftAdjustment(p);
    expectOk(await adj(p, 'buyer01', 'submitAdjustment', { id }));
    expect((await todosOf(p, HEAD, id)).map((t) => [t.bill_type, Number(t.assignee_user_id)])).toEqual([
      ['SML_ADJUSTMENT', 3],
    ]);
    expectOk(await adj(p, 'manager01', 'approvalAdjustment', { id }));
    expect((await headOf(id)).status).toBe('APPROVED');
    const todos = await supplierTodos(id);
    expect(todos.map((t) => [t.bill_type, Number(t.supplier_id), t.menu_code, t.handle_flag])).toEqual([
      ['SRM_PRICE_ADJUST', 1, 'SUP_SML_ADJUSTMENT', 'N'],
    ]);
  });

  it('the submitter cannot approve (403, admin holds every button); the buyer has no approve button (403)', async () => {
    const id = await draftAdjustment(p, { user: 'admin' });
    expectOk(await adj(p, 'admin', 'submitAdjustment', { id }));
    const own = await adj(p, 'admin', 'approvalAdjustment', { id });
    expectError(own, 403);
    expect(own.body.msg).toMatch(/submitter cannot approve|提交人不能审批/);
    expectError(await adj(p, 'buyer01', 'approvalAdjustment', { id }), 403);
    expect((await headOf(id)).status).toBe('SUBMITTED');
  });

  it('reject needs a comment; a rejected adjustment is resubmitted', async () => {
    const id = await draftAdjustment(p);
    expectOk(await adj(p, 'buyer01', 'submitAdjustment', { id }));
    expectError(await adj(p, 'manager01', 'rejectAdjustment', { id }), 400);
    expectOk(await adj(p, 'manager01', 'rejectAdjustment', { id, comment: 'index source?' }));
    expect((await headOf(id)).status).toBe('REJECTED');
    expectOk(await adj(p, 'buyer01', 'submitAdjustment', { id }));
    expect((await historyOf(p, HEAD, id)).map((h) => h.to_state)).toEqual(['SUBMITTED', 'REJECTED', 'SUBMITTED']);
  });

  it('answers 409 for illegal transitions and leaves the state', async () => {
    const draft = await draftAdjustment(p);
    expectError(await adj(p, 'manager01', 'approvalAdjustment', { id: draft }), 409);
    expectError(await adj(p, 'manager01', 'rejectAdjustment', { id: draft, comment: 'x' }), 409);
    const approved = await approvedAdjustment(p);
    expectError(await adj(p, 'buyer01', 'submitAdjustment', { id: approved }), 409);
    expectError(await adj(p, 'buyer01', 'compAdjustment', { id: approved }), 409);
    expectError(await adj(p, 'buyer01', 'saveOrUpdate', { adjustmentHeadId: approved, reason: 'late' }), 409);
    expect((await headOf(draft)).status).toBe('DRAFT');
    expect((await headOf(approved)).status).toBe('APPROVED');
  });
});

describe('the supplier', () => {
  it('sees APPROVED and later only, and only its own (404 otherwise)', async () => {
    const draft = await draftAdjustment(p);
    const submitted = await draftAdjustment(p);
    expectOk(await adj(p, 'buyer01', 'submitAdjustment', { id: submitted }));
    const approved = await approvedAdjustment(p);
    for (const id of [draft, submitted]) {
      expectError(await adj(p, 'supplier01', 'findById', { id }), 404);
      expectError(await adj(p, 'supplier01', 'confirmAdjustment', { id, agree: 'Y' }), 404);
    }
    expect(expectOk(await adj(p, 'supplier01', 'findById', { id: approved })).status).toBe('APPROVED');
    expectError(await adj(p, 'supplier02', 'findById', { id: approved }), 404);
    expectError(await adj(p, 'supplier02', 'confirmAdjustment', { id: approved, agree: 'Y' }), 404);
    expectError(await adj(p, 'supplier02', 'viewJSGS', { adjustmentHeadId: approved }), 404);
    const listed = expectOk(await adj(p, 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 200 })) as {
      status: string;
    }[];
    expect(new Set(listed.map((r) => r.status))).not.toContain('DRAFT');
    expect(new Set(listed.map((r) => r.status))).not.toContain('SUBMITTED');
    expect(expectOk(await adj(p, 'supplier02', 'listByPage', { pageIndex: 1, pageRows: 200 }))).toEqual([]);
    expect((await headOf(approved)).status).toBe('APPROVED');
  });

  it('confirmAdjustment is for suppliers (403 for internal users) and needs agree Y or N (400)', async () => {
    const id = await approvedAdjustment(p);
    expectError(await adj(p, 'buyer01', 'confirmAdjustment', { id, agree: 'Y' }), 403);
    expectError(await adj(p, 'supplier01', 'confirmAdjustment', { id, agree: 'yes' }), 400, ['agree']);
    expectError(await adj(p, 'supplier01', 'compAdjustment', { id }), 403);
    expectError(await adj(p, 'supplier01', 'findPresetProportion', { itemId: 7 }), 403);
  });

  it('agree Y writes the price list (the old price ends the day before) and the adjustment list, once (409 the second time)', async () => {
    const id = await approvedAdjustment(p, { effectiveDate: '2026-10-01' });
    const number = (await headOf(id)).adjustment_number;
    const confirmed = expectOk(
      await adj(p, 'supplier01', 'confirmAdjustment', { id, agree: 'Y', supplierComment: 'ok' }),
    );
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', supplierComment: 'ok', confirmedBy: 5 });
    expect(await pricesOf(1)).toEqual([
      { price: '2.000000', from: '2026-01-01', to: '2026-09-30', status: 'VALID', source: 'MANUAL', doc: null },
      { price: '2.105882', from: '2026-10-01', to: '2026-12-31', status: 'VALID', source: 'ADJUSTMENT', doc: number },
    ]);
    const found = await p.server.kernel.db.transaction((tx) =>
      findMaterialPrice(tx, p.server.kernel.registry, { itemId: 7, orgId: 2, onDate: '2026-10-15', supplierId: 1 }),
    );
    expect(found?.unitPriceExcl).toBe('2.105882');
    const listed = await listRowsOf(id);
    expect(
      listed.map((r) => [
        decimalText(r.old_price, 6),
        decimalText(r.new_price, 6),
        String(r.effective_date).slice(0, 10),
      ]),
    ).toEqual([['2.000000', '2.105882', '2026-10-01']]);
    expect((await supplierTodos(id)).map((t) => t.handle_flag)).toEqual(['Y']);
    expectError(await adj(p, 'supplier01', 'confirmAdjustment', { id, agree: 'Y' }), 409);
    expectError(await adj(p, 'supplier01', 'confirmAdjustment', { id, agree: 'N', supplierComment: 'no' }), 409);
    expect(await listRowsOf(id)).toHaveLength(1);
    // A later adjustment starting earlier than the current one replaces it (INVALID) and ends the first price again.
    const earlier = await approvedAdjustment(p, { effectiveDate: '2026-09-01' });
    expectOk(await adj(p, 'supplier01', 'confirmAdjustment', { id: earlier, agree: 'Y' }));
    expect((await pricesOf(1)).map((r) => [r.from, r.to, r.status])).toEqual([
      ['2026-01-01', '2026-08-31', 'VALID'],
      ['2026-10-01', '2026-12-31', 'INVALID'],
      ['2026-09-01', '2026-12-31', 'VALID'],
    ]);
  });

  it('agree N keeps the comment, writes no price; the buyer can change and resubmit', async () => {
    const id = await approvedAdjustment(p, { supplierId: 2 });
    const before = await pricesOf(2);
    expectError(await adj(p, 'supplier02', 'confirmAdjustment', { id, agree: 'N' }), 400);
    const answer = expectOk(
      await adj(p, 'supplier02', 'confirmAdjustment', { id, agree: 'N', supplierComment: '铜价已回落' }),
    );
    expect(answer).toMatchObject({ status: 'SUPPLIER_REJECTED', supplierComment: '铜价已回落' });
    expect(await pricesOf(2)).toEqual(before);
    expect(await listRowsOf(id)).toEqual([]);
    expectOk(
      await adj(p, 'buyer01', 'saveOrUpdate', {
        adjustmentHeadId: id,
        versionNum: (await headOf(id)).version_num,
        reason: 'again',
      }),
    );
    expectOk(await adj(p, 'buyer01', 'submitAdjustment', { id }));
    expect((await headOf(id)).status).toBe('SUBMITTED');
  });

  it('a confirmation that fails half-way keeps neither price nor list rows (one transaction)', async () => {
    const id = await approvedAdjustment(p, {
      supplierId: 2,
      effectiveDate: '2026-11-01',
      lines: [
        { itemId: 7, estimatedQty: '1' },
        { itemId: 8, oldPrice: '20', taxRate: '0.13', formulaText: 'oldPrice' },
      ],
    });
    const before = await pricesOf(2);
    // The second line loses its tax rate after approval: its price-list row cannot be written.
    await runSql(
      p.server,
      'UPDATE srm_sml_adjustment_line SET tax_rate = NULL WHERE adjustment_head_id = ? AND item_id = 8',
      [id],
    );
    const answer = await adj(p, 'supplier02', 'confirmAdjustment', { id, agree: 'Y' });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(await pricesOf(2)).toEqual(before);
    expect(await listRowsOf(id)).toEqual([]);
    expect((await headOf(id)).status).toBe('APPROVED');
    expect((await supplierTodos(id)).map((t) => t.handle_flag)).toEqual(['N']);
  });

  it('two simultaneous confirmations: one 200, one 409', async () => {
    const id = await approvedAdjustment(p, { supplierId: 2, effectiveDate: '2026-12-10' });
    const answers = await Promise.all([
      adj(p, 'supplier02', 'confirmAdjustment', { id, agree: 'Y' }),
      adj(p, 'supplier02', 'confirmAdjustment', { id, agree: 'Y' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await listRowsOf(id)).toHaveLength(1);
  });
});

describe('the adjustment list', () => {
  it('queryListByPage, queryListByItemCode and findAdjustmentList read through the caller scope', async () => {
    const id = await approvedAdjustment(p, {
      effectiveDate: '2026-12-20',
      lines: [{ itemId: 7, oldPrice: '2', taxRate: '0.13', estimatedQty: '1' }],
    });
    expectOk(await adj(p, 'supplier01', 'confirmAdjustment', { id, agree: 'Y' }));
    const inside = expectOk(await list(p, 'buyer01', 'queryListByPage', { pageIndex: 1, pageRows: 100 })) as {
      supplierId: number;
    }[];
    expect(inside.some((r) => r.supplierId === 1)).toBe(true);
    const own = expectOk(await list(p, 'supplier01', 'queryListByPage', { pageIndex: 1, pageRows: 100 })) as {
      supplierId: number;
    }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.supplierId === 1)).toBe(true);
    const other = expectOk(await list(p, 'supplier02', 'queryListByPage', { pageIndex: 1, pageRows: 100 })) as {
      supplierId: number;
    }[];
    expect(other.every((r) => r.supplierId === 2)).toBe(true);
    const byItem = expectOk(
      await list(p, 'buyer01', 'queryListByItemCode', { itemCode: '2001000301', supplierId: 1 }),
    ) as {
      effectiveDate: string;
    }[];
    expect(byItem[0].effectiveDate).toBe('2026-12-20');
    expectError(await list(p, 'buyer01', 'queryListByItemCode', {}), 400, ['itemCode']);
    expect(expectOk(await list(p, 'supplier01', 'findAdjustmentList', { adjustmentHeadId: id }))).toHaveLength(1);
    // from the adjustment's own screen too
    expect(
      expectOk(await call(p, 'buyer01', 'SML_ADJUSTMENT', LIST_RES, 'findAdjustmentList', { adjustmentHeadId: id })),
    ).toHaveLength(1);
    expect(expectOk(await list(p, 'supplier02', 'findAdjustmentList', { adjustmentHeadId: id }))).toEqual([]);
  });
});
