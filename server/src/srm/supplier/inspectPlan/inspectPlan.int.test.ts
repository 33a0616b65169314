import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId } from '../../../testing/authFixtures';
import { startTestServer, type TestServer } from '../../../testing/testServer';

// Demo qualification 1 (supplier 4): site 1 is locked (editFlag N, participating), site 2 is open.
// Demo qualification 2 belongs to another supplier.
const PLAN = 'srmSlcInspectPlanRestful';

let server: TestServer;
let buyer: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer('inspect_plan');
  // The edit page opens from the plan list's menu: its calls carry that menu's id and buttons.
  const list = await menuId(server, 'SLC_INSPECT_PLAN');
  buyer = { ...(await server.authHeaders(PLAN, 'buyer01')), menuId: String(list) };
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const planBody = (sites: object[]) => ({
  planName: '年度现场审核',
  inspectType: 'ANNUAL',
  orgId: 1,
  leaderId: 2,
  planStartDate: '2026-12-01',
  planEndDate: '2026-12-05',
  suppliers: [{ supplierId: 4, qualifyHeaderId: 1, plannedDate: '2026-12-02' }],
  staffs: [{ userId: 2, inspectRole: 'LEADER' }],
  sites,
});
const countPlans = async () =>
  Number((await server.kernel.db.select('SELECT COUNT(*) AS n FROM srm_slc_inspect_plan'))[0].n);

describe('the inspection plan and its site table', () => {
  it("lists the sites of the plan suppliers' qualification reviews, for the plan's edit screen only", async () => {
    const answer = await server.call('srmServer', PLAN, 'findSupplierSites', { qualifyHeaderIds: [1] }, buyer);
    expect(answer.status).toBe(200);
    expect(
      answer.body.data.map((s: { qualifySiteId: number; supplierId: number; editFlag: string }) => [
        s.qualifySiteId,
        s.supplierId,
        s.editFlag,
      ]),
    ).toEqual([
      [1, 4, 'N'],
      [2, 4, 'Y'],
    ]);
    const supplier = await server.authHeaders(PLAN, 'supplier01');
    expect(
      (await server.call('srmServer', PLAN, 'findSupplierSites', { qualifyHeaderIds: [1] }, supplier)).status,
    ).toBe(403);
    expect((await server.call('srmServer', PLAN, 'findSupplierSites', { qualifyHeaderIds: 'x' }, buyer)).status).toBe(
      400,
    );
  });

  it("saves ticked sites with the qualification's own names and statuses, whatever the browser sent", async () => {
    const saved = await server.call(
      'srmServer',
      PLAN,
      'saveOrUpdate',
      planBody([{ qualifySiteId: 2, inspectFlag: 'Y', siteName: 'changed by hand', editFlag: 'Y' }]),
      buyer,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 'DRAFT', planNumber: expect.stringMatching(/^IPL\d{12}$/) });
    expect(saved.body.data.sites).toEqual([
      expect.objectContaining({
        qualifySiteId: 2,
        inspectFlag: 'Y',
        siteName: '昆山瑞丰-东莞供货点',
        supplierId: 4,
        editFlag: 'Y',
      }),
    ]);
  });

  it('refuses to change a locked site, and a site of a supplier not on the plan; nothing is saved', async () => {
    const before = await countPlans();
    const locked = await server.call(
      'srmServer',
      PLAN,
      'saveOrUpdate',
      planBody([{ qualifySiteId: 1, inspectFlag: 'N' }]),
      buyer,
    );
    expect(locked.status).toBe(403);
    expect(locked.body.msg).toMatch(/locked/);
    const foreign = await server.call(
      'srmServer',
      PLAN,
      'saveOrUpdate',
      planBody([{ qualifySiteId: 3, inspectFlag: 'Y' }]),
      buyer,
    );
    expect(foreign.status).toBe(400);
    expect(await countPlans()).toBe(before);
    // The locked site keeps its flag: sent unchanged, it is accepted.
    expect(
      (await server.call('srmServer', PLAN, 'saveOrUpdate', planBody([{ qualifySiteId: 1, inspectFlag: 'Y' }]), buyer))
        .status,
    ).toBe(200);
  });
});
