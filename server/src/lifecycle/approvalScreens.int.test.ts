import { contextVariables, evaluateFilter } from '@meridian/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { menuId, runSql, sessionHeaders } from '../testing/authFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { act, actorsOf, as, RESP, submitted, type Actors, type DemoUser } from './approvalFixtures';

/** What the runtime reads of the engine: page actions gated by the lifecycle, myUpcoming, myApproval. */
let server: TestServer;
let a: Actors;
const menus: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer('lifecycle_screens');
  a = await actorsOf(server);
  for (const code of ['MY_UPCOMING', 'MY_APPROVAL', 'PUR_REQUISITION']) menus[code] = await menuId(server, code);
});
afterAll(async () => {
  await server?.close();
});

const approvalCall = (user: DemoUser, action: string, menu: string, body: Record<string, unknown> = {}) =>
  server.call(
    'baseServer',
    'baseApprovalRestful',
    action,
    { pageIndex: 1, pageRows: 50, ...body },
    sessionHeaders(a.sessions[user], RESP[user], menus[menu]),
  );

describe("findPage: lifecycle actions carry the lifecycle's own conditions", () => {
  it('ANDs the from states into showWhen, adds the comment prompt to decisions (required for reject), and sends transitions without the approval rule', async () => {
    const data = expectOk(
      await server.call('baseServer', 'baseMetadataRestful', 'findPage', { path: 'purchaseRequisitionList' }),
    );
    const action = (name: string) => data.page.actions.find((x: { action: string }) => x.action === name);
    const notBySubmitter = { field: 'submittedBy', op: 'ne', value: '$user.userId' };
    expect(action('doApprove').showWhen).toEqual({
      and: [
        { field: 'status', op: 'eq', value: 'SUBMITTED' },
        { field: 'status', op: 'in', value: ['SUBMITTED'] },
        notBySubmitter,
      ],
    });
    expect(action('doWithdraw').showWhen.and).toContainEqual({ field: 'submittedBy', op: 'eq', value: '$user.userId' });
    expect(action('doSubmit').showWhen.and[1]).toEqual({
      field: 'status',
      op: 'in',
      value: ['DRAFT', 'REJECTED', 'WITHDRAWN'],
    });
    expect(action('doReject').prompt).toMatchObject({ field: 'comment', required: true });
    expect(action('doApprove').prompt).toMatchObject({ field: 'comment', required: false });
    expect(action('doSubmit').prompt).toBeUndefined();
    expect(action('delete').showWhen).toEqual({ field: 'status', op: 'eq', value: 'DRAFT' });
    const lifecycle = data.lifecycles.srmPurRequisitionHeader;
    expect(lifecycle).toMatchObject({ name: 'purRequisition', statusLookup: 'PUR_REQUISITION_STATUS' });
    expect(lifecycle.approvalRule).toBeUndefined();
    expect(lifecycle.transitions.find((t: { action: string }) => t.action === 'doReject')).toMatchObject({
      from: ['SUBMITTED'],
      commentRequired: true,
    });
  });
});

describe('findPage: a lifecycle only other documents move', () => {
  it('is not sent with the page: no action and no timeline on the supplier master (its history names internal documents)', async () => {
    const data = expectOk(
      await server.call('baseServer', 'baseMetadataRestful', 'findPage', { path: 'supplierInfoEdit' }),
    );
    expect(data.page.entity).toBe('srmSlcSupplierInfo');
    expect(data.lifecycles ?? {}).not.toHaveProperty('srmSlcSupplierInfo');
    expect(data.lifecycles ?? {}).not.toHaveProperty('srmSlcSupplierSite');
  });
});

describe('findPage: the actor rules on the buttons match what the server accepts', () => {
  const varsOf = (user: DemoUser) => contextVariables({ userId: a.sessions[user].userInfo.userId }, RESP[user]);
  const pageAction = async (user: DemoUser, name: string) => {
    const data = expectOk(
      await server.call(
        'baseServer',
        'baseMetadataRestful',
        'findPage',
        { path: 'purchaseRequisitionList' },
        as(a, user),
      ),
    );
    return data.page.actions.find((x: { action: string }) => x.action === name);
  };
  const listed = async (user: DemoUser, id: number) =>
    expectOk(
      await act(a, user, 'listByPage', {
        pageIndex: 1,
        pageRows: 5,
        filter: { field: 'requisitionHeaderId', op: 'eq', value: id },
      }),
    ).find((r: { requisitionHeaderId: number }) => r.requisitionHeaderId === id);

  it('withdraw shows to the submitter only, approve to everyone but the submitter, as the server answers', async () => {
    const id = await submitted(a, 'buyer01');
    const withdraw = await pageAction('buyer01', 'doWithdraw');
    const approve = await pageAction('buyer01', 'doApprove');
    const row = await listed('admin', id);
    expect(evaluateFilter(withdraw.showWhen, row, varsOf('admin'))).toBe(false);
    expect(evaluateFilter(approve.showWhen, row, varsOf('admin'))).toBe(true);
    expect(evaluateFilter(withdraw.showWhen, await listed('buyer01', id), varsOf('buyer01'))).toBe(true);
    expect(evaluateFilter(approve.showWhen, await listed('buyer01', id), varsOf('buyer01'))).toBe(false);
    expectError(await act(a, 'admin', 'doWithdraw', { id }), 403);
    expectError(await act(a, 'buyer01', 'doApprove', { id }), 403);
    expectOk(await act(a, 'buyer01', 'doWithdraw', { id }));
  });
});

describe('myUpcoming and myApproval', () => {
  it("myUpcoming lists the caller's open approval to-dos only, in the request language; a decision takes the item off", async () => {
    const id = await submitted(a);
    // A to-do of another kind (the home's) is not an approval.
    await runSql(
      server,
      "INSERT INTO base_todo (pending_title, bill_type, assignee_user_id, handle_flag, cancel_flag, version_num) VALUES ('chat', 'SRM_QUALITY_CHAT', 3, 'N', 'N', 1)",
    );
    const mine = expectOk(await approvalCall('manager01', 'findMyUpcoming', 'MY_UPCOMING'));
    const item = mine.find((r: { billId: number }) => Number(r.billId) === id);
    expect(item).toMatchObject({
      billType: 'PUR_REQUISITION',
      billLink: `purRequisitionManage/purRequisitionEdit?id=${id}`,
    });
    expect(item.pendingTitle).toMatch(/^Requisition PR\d+ awaits your approval$/);
    expect(mine.map((r: { billType: string }) => r.billType)).not.toContain('SRM_QUALITY_CHAT');
    expect(
      expectOk(await approvalCall('buyer01', 'findMyUpcoming', 'MY_UPCOMING')).some(
        (r: { billId: number }) => Number(r.billId) === id,
      ),
    ).toBe(false);
    expectOk(await act(a, 'manager01', 'doApprove', { id, comment: 'go' }));
    expect(
      expectOk(await approvalCall('manager01', 'findMyUpcoming', 'MY_UPCOMING')).some(
        (r: { billId: number }) => Number(r.billId) === id,
      ),
    ).toBe(false);
    const decided = expectOk(await approvalCall('manager01', 'findMyApproval', 'MY_APPROVAL'));
    expect(decided[0]).toMatchObject({
      recordId: id,
      action: 'doApprove',
      actionLabel: 'Approve',
      comment: 'go',
      billLink: `purRequisitionManage/purRequisitionEdit?id=${id}`,
    });
    expect(expectOk(await approvalCall('buyer01', 'findMyApproval', 'MY_APPROVAL'))).toEqual([]);
  });

  it('myUpcoming lists the longest waiting first, myApproval the newest decision first — by time, not by id', async () => {
    // Written in an order unlike their times: the later id holds the older to-do and the older decision.
    const todo = (title: string, created: string) =>
      runSql(
        server,
        `INSERT INTO base_todo (pending_title, bill_type, entity_name, bill_id, assignee_user_id, handle_flag, cancel_flag, creation_date, version_num) VALUES ('${title}', 'PUR_REQUISITION', 'srmPurRequisitionHeader', 1, 3, 'N', 'N', '${created}', 1)`,
      );
    await todo('order-newer', '2026-01-02 08:00:00');
    await todo('order-older', '2026-01-01 08:00:00');
    const titles = expectOk(await approvalCall('manager01', 'findMyUpcoming', 'MY_UPCOMING')).map(
      (r: { pendingTitle: string }) => r.pendingTitle,
    );
    expect(titles.indexOf('order-older')).toBeLessThan(titles.indexOf('order-newer'));
    const decision = (comment: string, at: string) =>
      runSql(
        server,
        `INSERT INTO base_lifecycle_history (entity_name, record_id, action, approval, comment, user_id, action_date, version_num) VALUES ('srmPurRequisitionHeader', 1, 'doApprove', 'Y', '${comment}', 3, '${at}', 1)`,
      );
    await decision('order-later', '2099-01-02 08:00:00');
    await decision('order-earlier', '2099-01-01 08:00:00');
    const comments = expectOk(await approvalCall('manager01', 'findMyApproval', 'MY_APPROVAL')).map(
      (r: { comment: string }) => r.comment,
    );
    expect(comments.slice(0, 2)).toEqual(['order-later', 'order-earlier']);
  });

  it('answers 403 from a menu that does not open these screens', async () => {
    expectError(await approvalCall('manager01', 'findMyUpcoming', 'PUR_REQUISITION'), 403);
    expectError(await approvalCall('manager01', 'findMyApproval', 'MY_UPCOMING'), 403);
  });
});
