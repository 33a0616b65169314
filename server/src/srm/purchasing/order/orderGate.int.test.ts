import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { RESP } from '../../../testing/proofFixtures';
import { act, draft, headerOf, line, orderBody, setColumn, submitted } from '../../../testing/orderFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * The supplier trade gate on purchase orders (DOMAIN.md §1.11, §5.8): checked on save and again
 * in submit and final approval. Demo: supplier 1 qualified for 0101 (item 1), 2 for 0102 (item 3),
 * 3 and 4 for 0103 (item 5, ASL-controlled; ASL at SZ01, supplier 4 also item 5 at SZ02), 5 FROZEN,
 * 6 for 0201 (item 8), 7 BLACKLIST; all sites at the Suzhou operating unit above SZ01/SZ02.
 */
const p = proofServer('srm_pur_order_gate');

const save = (supplierId: number, itemId: number, extra: Record<string, unknown> = {}) =>
  act(p, 'buyer01', 'saveOrUpdate', orderBody(supplierId, [line({ itemId })], extra));

async function withStatus(
  table: string,
  column: string,
  key: string,
  id: number,
  value: string,
  run: () => Promise<void>,
) {
  const [restore] = await p.server.kernel.db.transaction((tx) =>
    tx.select(`SELECT ${column} AS v FROM ${table} WHERE ${key} = ?`, [id]),
  );
  await setColumn(p, table, column, key, id, value);
  try {
    await run();
  } finally {
    await setColumn(p, table, column, key, id, restore.v);
  }
}

const supplierStatus = (id: number, value: string, run: () => Promise<void>) =>
  withStatus('srm_slc_supplier_info', 'supplier_status', 'supplier_id', id, value, run);

describe('supplier and site state', () => {
  it('FROZEN, QUIT and BLACKLIST suppliers are refused (409), named with the reason', async () => {
    const frozen = await save(5, 6);
    expectError(frozen, 409);
    expect(frozen.body.msg).toMatch(/^Supplier .+ \(S100005\) cannot receive purchase orders: the supplier is frozen$/);
    await supplierStatus(1, 'BLACKLIST', async () => {
      const black = await save(1, 1);
      expectError(black, 409);
      expect(black.body.msg).toMatch(/\(S100001\) cannot receive purchase orders: the supplier is blacklisted$/);
    });
    await supplierStatus(1, 'QUIT', async () => {
      const quit = await save(1, 1);
      expectError(quit, 409);
      expect(quit.body.msg).toMatch(/\(S100001\) cannot receive purchase orders: the supplier is exited$/);
      expectError(await save(1, 1, { poType: 'SAMPLE' }), 409);
    });
    const headers = sessionHeaders(p.sessions.buyer01, RESP.buyer01, await menuId(p.server, 'PUR_ORDER'));
    const cn = await p.server.call('srmServer', 'srmPurOrderHeaderRestful', 'saveOrUpdate', orderBody(5), {
      ...headers,
      language: 'CN',
    });
    expect(cn.body.msg).toMatch(/^供应商 .+（S100005） 不能下采购订单：供应商状态为“冻结”$/);
  });

  it('a POTENTIAL supplier and site are refused a STANDARD order but may receive a SAMPLE order, through submit', async () => {
    await supplierStatus(6, 'POTENTIAL', () =>
      withStatus('srm_slc_supplier_site', 'site_status', 'site_id', 6, 'POTENTIAL', async () => {
        const standard = await save(6, 8);
        expectError(standard, 409);
        expect(standard.body.msg).toMatch(/\(S100006\) cannot receive purchase orders: the supplier is potential$/);
        const id = expectOk(await save(6, 8, { poType: 'SAMPLE' })).orderHeaderId as number;
        expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
        expect((await headerOf(p, id)).status).toBe('SUBMITTED');
      }),
    );
  });

  it('a qualified supplier whose site is not QUALIFIED is refused, naming the site', async () => {
    await withStatus('srm_slc_supplier_site', 'site_status', 'site_id', 1, 'FROZEN', async () => {
      const answer = await save(1, 1);
      expectError(answer, 409);
      expect(answer.body.msg).toMatch(/\(S100001\) cannot receive purchase orders: its site ".+" is frozen$/);
    });
  });
});

describe('categories and the ASL', () => {
  it('a category the supplier is not qualified for is refused, naming it', async () => {
    const answer = await save(1, 3);
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(
      /\(S100001\) cannot receive purchase orders: category "0102 .+" is not qualified \(not introduced\)$/,
    );
    // a POTENTIAL category: refused for an order, allowed for a sample order
    const potential = await act(p, 'buyer01', 'saveOrUpdate', orderBody(3, [line({ itemId: 7 })]));
    expectError(potential, 409);
    expect(potential.body.msg).toMatch(/category "0105 .+" is not qualified \(potential\)$/);
    expectOk(await act(p, 'buyer01', 'saveOrUpdate', orderBody(3, [line({ itemId: 7 })], { poType: 'SAMPLE' })));
  });

  it('an ASL-controlled category needs an APPROVED entry for the plant (category or item)', async () => {
    expectOk(await save(3, 5)); // 0103 at SZ01: entry 3
    const sz02 = await save(3, 5, { invOrgId: 6 });
    expectError(sz02, 409);
    expect(sz02.body.msg).toMatch(
      /\(S100003\) cannot receive purchase orders: category "0103 .+" is under approved-supplier-list control and it has no approved ASL entry$/,
    );
    // item 5 at SZ02: entry 4602 (admin: buyer01 holds no SZ02 permit)
    expectOk(await act(p, 'admin', 'saveOrUpdate', orderBody(4, [line({ itemId: 5 })], { invOrgId: 6 })));
    await withStatus('srm_pur_asl_list', 'asl_status', 'asl_id', 3, 'DEBARRED', async () => {
      expectError(await save(3, 5), 409);
    });
  });
});

describe('the re-check in the transitions', () => {
  it('a supplier frozen after the save: submit is refused (409) and the order stays DRAFT', async () => {
    const id = await draft(p, 2, [line({ itemId: 3 })]);
    await supplierStatus(2, 'FROZEN', async () => {
      const answer = await act(p, 'buyer01', 'doSubmit', { id });
      expectError(answer, 409);
      expect(answer.body.msg).toMatch(/\(S100002\) cannot receive purchase orders: the supplier is frozen$/);
      expect((await headerOf(p, id)).status).toBe('DRAFT');
    });
    expectOk(await act(p, 'buyer01', 'doSubmit', { id }));
  });

  it('a supplier blacklisted while the order waits for approval: the approval is refused (409), the order stays SUBMITTED', async () => {
    const id = await submitted(p, 2, [line({ itemId: 3 })]);
    await supplierStatus(2, 'BLACKLIST', async () => {
      expectError(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }), 409);
      expect((await headerOf(p, id)).status).toBe('SUBMITTED');
    });
    expectOk(await act(p, 'manager01', 'doApprove', { id, comment: 'ok' }));
    expect((await headerOf(p, id)).status).toBe('RELEASED');
  });
});
