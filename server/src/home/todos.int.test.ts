import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { runSql, sessionHeaders } from '../testing/authFixtures';
import { signIn, type SignedIn } from '../testing/sessions';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * To-dos and notifications as their readers see them (docs/architecture.md "Spec: routes and home",
 * "Spec: states"): session level,
 * scoped on the server to the caller (a user never sees another's, a supplier only its own
 * supplier's), whatever the body asks for; opening marks handled only the types of the rule.
 */
let server: TestServer;
const as: Record<string, SignedIn> = {};
beforeAll(async () => {
  server = await startTestServer('home_todos');
  for (const user of ['buyer01', 'manager01', 'supplier01', 'supplier02'])
    as[user] = await signIn(server.baseUrl, user);
});
afterAll(async () => {
  await server?.close();
});

const call = (user: string, resource: string, action: string, body: Record<string, unknown> = {}) =>
  server.call(
    resource.startsWith('srm') ? 'srmServer' : 'baseServer',
    resource,
    action,
    body,
    sessionHeaders(as[user]),
  );
const ids = (rows: Record<string, unknown>[], key: string) => rows.map((r) => Number(r[key])).sort((a, b) => a - b);
const todos = () => tableRows(server, 'base_todo', 'todo_id');
const supplierTodos = () => tableRows(server, 'base_supplier_todo', 'supplier_todo_id');
const DATETIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('my to-do and my done', () => {
  it("lists only the caller's own pending items, whatever the body names", async () => {
    const mine = (await todos()).filter(
      (r) => r.assignee_user_id === 2 && r.handle_flag === 'N' && r.cancel_flag === 'N',
    );
    expect(mine.length).toBeGreaterThanOrEqual(3);
    for (const body of [
      {},
      { assigneeUserId: 3, params: { assigneeUserId: 3 }, filter: { field: 'assigneeUserId', op: 'eq', value: 3 } },
    ]) {
      const answer = await call('buyer01', 'baseTodoRestful', 'findMyTodo', body);
      expect(ids(expectOk(answer), 'todoId')).toEqual(ids(mine, 'todo_id'));
      expect(answer.body.page).toMatchObject({ count: mine.length, pageRows: 500 });
    }
    const managers = ids(expectOk(await call('manager01', 'baseTodoRestful', 'findMyTodo')), 'todoId');
    expect(managers.length).toBeGreaterThan(0);
    for (const id of ids(mine, 'todo_id')) expect(managers).not.toContain(id);
  });

  it('lists pending items newest first (the home shows the newest in sight), ties by key', async () => {
    // Written oldest last: ids alone would give the opposite order.
    for (const created of ['2026-01-03 08:00:00', '2026-01-02 08:00:00']) {
      await runSql(
        server,
        `INSERT INTO base_todo (pending_title, bill_type, assignee_user_id, handle_flag, cancel_flag, creation_date, version_num) VALUES ('queue ${created}', 'SRM_QUALITY_CHAT', 2, 'N', 'N', '${created}', 1)`,
      );
    }
    const pending = expectOk(await call('buyer01', 'baseTodoRestful', 'findMyTodo')) as Record<string, unknown>[];
    const order = pending.map((r) => `${String(r.creationDate)} ${String(r.todoId).padStart(9, '0')}`);
    expect(order).toEqual([...order].sort().reverse());
    const titles = pending.map((r) => r.pendingTitle);
    expect(titles.indexOf('queue 2026-01-03 08:00:00')).toBeLessThan(titles.indexOf('queue 2026-01-02 08:00:00'));
  });

  it('lists handled items under handleFlag Y, and refuses other flags and more than 500 rows', async () => {
    const done = (await todos()).filter((r) => r.assignee_user_id === 2 && r.handle_flag === 'Y');
    expect(
      ids(expectOk(await call('buyer01', 'baseTodoRestful', 'findMyTodo', { handleFlag: 'Y' })), 'todoId'),
    ).toEqual(ids(done, 'todo_id'));
    expectError(await call('buyer01', 'baseTodoRestful', 'findMyTodo', { handleFlag: 'X' }), 400);
    expectError(await call('buyer01', 'baseTodoRestful', 'findMyTodo', { pageRows: 501 }), 400);
  });

  it("gives a supplier user its supplier's items only, and keeps the two kinds apart", async () => {
    const rows = await supplierTodos();
    const of = (supplierId: number) =>
      ids(
        // Open ones: not handled and not cancelled (a cancelled order's to-do, seeds/demo/32-*).
        rows.filter((r) => r.supplier_id === supplierId && r.handle_flag === 'N' && r.cancel_flag !== 'Y'),
        'supplier_todo_id',
      );
    expect(
      ids(
        expectOk(await call('supplier01', 'baseSupplierTodoRestful', 'findMyTodo', { supplierId: 2 })),
        'supplierTodoId',
      ),
    ).toEqual(of(1));
    expect(ids(expectOk(await call('supplier02', 'baseSupplierTodoRestful', 'findMyTodo')), 'supplierTodoId')).toEqual(
      of(2),
    );
    expect(of(1).length).toBeGreaterThan(0);
    expectError(await call('supplier01', 'baseTodoRestful', 'findMyTodo'), 403);
    expectError(await call('buyer01', 'baseSupplierTodoRestful', 'findMyTodo'), 403);
    expectError(await server.call('baseServer', 'baseTodoRestful', 'findMyTodo', {}, { certificate: '' }), 401);
  });
});

describe('opening a to-do (doHandle)', () => {
  it('marks an internal BIDDING_BARGAINING item with a menu code handled, with who and when', async () => {
    const item = (await todos()).find(
      (r) => r.assignee_user_id === 2 && r.bill_type === 'BIDDING_BARGAINING' && r.handle_flag === 'N',
    )!;
    const row = expectOk(await call('buyer01', 'baseTodoRestful', 'doHandle', { id: item.todo_id }));
    expect(row).toMatchObject({ todoId: item.todo_id, handleFlag: 'Y', handleUserId: 2 });
    expect(row.handleDate).toMatch(DATETIME);
    expect(
      ids(expectOk(await call('buyer01', 'baseTodoRestful', 'findMyTodo', { handleFlag: 'Y' })), 'todoId'),
    ).toContain(item.todo_id);
    expect(ids(expectOk(await call('buyer01', 'baseTodoRestful', 'findMyTodo')), 'todoId')).not.toContain(item.todo_id);
    // Opening it again changes nothing.
    expect(expectOk(await call('buyer01', 'baseTodoRestful', 'doHandle', { id: item.todo_id }))).toMatchObject({
      handleDate: row.handleDate,
      versionNum: row.versionNum,
    });
  });

  it("refuses other types (409), items without a menu code (409) and another user's items (404), changing nothing", async () => {
    const before = await todos();
    const noMenu = before.find((r) => r.assignee_user_id === 2 && r.bill_type === 'SRM_QUALITY_CHAT' && !r.menu_code)!;
    const approval = before.find(
      (r) => r.assignee_user_id === 3 && r.bill_type === 'PUR_REQUISITION' && r.handle_flag === 'N',
    )!;
    const managers = before.find((r) => r.assignee_user_id === 3 && r.bill_type === 'BIDDING_BARGAINING')!;
    expectError(await call('buyer01', 'baseTodoRestful', 'doHandle', { id: noMenu.todo_id }), 409);
    expectError(await call('manager01', 'baseTodoRestful', 'doHandle', { id: approval.todo_id }), 409);
    expectError(await call('buyer01', 'baseTodoRestful', 'doHandle', { id: managers.todo_id }), 404);
    expectError(await call('supplier01', 'baseTodoRestful', 'doHandle', { id: managers.todo_id }), 403);
    expect(await todos()).toEqual(before);
  });

  it('marks a supplier PERFORMANCE_SIMPLE item handled for its own supplier only', async () => {
    const before = await supplierTodos();
    const foreign = before.find((r) => r.supplier_id === 2 && r.handle_flag === 'N')!;
    expectError(await call('supplier01', 'baseSupplierTodoRestful', 'doHandle', { id: foreign.supplier_todo_id }), 404);
    expect(await supplierTodos()).toEqual(before);
    const own = before.find(
      (r) => r.supplier_id === 1 && r.bill_type === 'PERFORMANCE_SIMPLE' && r.handle_flag === 'N',
    )!;
    const row = expectOk(await call('supplier01', 'baseSupplierTodoRestful', 'doHandle', { id: own.supplier_todo_id }));
    expect(row).toMatchObject({ handleFlag: 'Y', handleUserId: Number(as.supplier01.userInfo.userId) });
    expect(row.handleDate).toMatch(DATETIME);
  });
});

describe('my notifications', () => {
  it("lists the caller's own notifications, 5 by default, the most recently sent first (not by id)", async () => {
    const rows = await tableRows(server, 'base_notification', 'notification_id');
    const newestFirst = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      String(b.send_date).localeCompare(String(a.send_date)) || Number(b.notification_id) - Number(a.notification_id);
    for (const [user, userId] of [
      ['buyer01', 2],
      ['supplier01', 5],
    ] as const) {
      const mine = rows
        .filter((r) => r.recipient_user_id === userId)
        .sort(newestFirst)
        .map((r) => Number(r.notification_id));
      const answer = await call(user, 'baseNotificationRestful', 'findMyNotification', {
        recipientUserId: 3,
        userId: 3,
      });
      expect(expectOk(answer).map((r: Record<string, unknown>) => r.notificationId)).toEqual(mine.slice(0, 5));
      expect(answer.body.page).toMatchObject({ count: mine.length, pageRows: 5 });
    }
  });

  it("doView sets viewFlag Y and counts every read; another user's notification is 404", async () => {
    const unread = (
      await tableRows(server, 'base_notification', 'notification_id', { recipient_user_id: 2, view_flag: 'N' })
    )[0];
    expect(
      expectOk(await call('buyer01', 'baseNotificationRestful', 'doView', { id: unread.notification_id })),
    ).toMatchObject({ viewFlag: 'Y', selfCount: 1 });
    expect(
      expectOk(await call('buyer01', 'baseNotificationRestful', 'doView', { id: unread.notification_id })),
    ).toMatchObject({ viewFlag: 'Y', selfCount: 2 });
    const foreign = (
      await tableRows(server, 'base_notification', 'notification_id', { recipient_user_id: 5, view_flag: 'N' })
    )[0];
    expectError(await call('buyer01', 'baseNotificationRestful', 'doView', { id: foreign.notification_id }), 404);
    expect(
      (
        await tableRows(server, 'base_notification', 'notification_id', {
          notification_id: foreign.notification_id as number,
        })
      )[0],
    ).toMatchObject({ view_flag: 'N', self_count: 0 });
  });
});
