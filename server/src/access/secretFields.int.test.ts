import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectError, expectOk } from '../testing/apiAssertions';
import { menuId, passwordHash, sessionHeaders } from '../testing/authFixtures';
import { signIn } from '../testing/sessions';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Secret fields (password hash; session, captcha and reset-code hashes) are never filtered,
 * sorted or returned: a filter on them would be an oracle on the hash (docs/architecture.md "Filters and page cap").
 */
let server: TestServer;
let fromUserMenu: Record<string, string>;
let fromRequisitionMenu: Record<string, string>;
let adminHash: string;
beforeAll(async () => {
  server = await startTestServer('access_secrets');
  const admin = await signIn(server.baseUrl, 'admin');
  fromUserMenu = sessionHeaders(admin, 1, await menuId(server, 'SYS_USER'));
  fromRequisitionMenu = sessionHeaders(admin, 1, await menuId(server, 'PUR_REQUISITION'));
  adminHash = await passwordHash(server, 1);
  expect(adminHash).toMatch(/^\$argon2id\$/);
});
afterAll(async () => {
  await server?.close();
});

const listUsers = (body: Record<string, unknown>, headers = fromUserMenu) =>
  server.call('baseServer', 'baseUsersRestful', 'listByPage', { pageIndex: 1, pageRows: 20, ...body }, headers);

const OPERATORS: [string, unknown][] = [
  ['eq', '$argon2id$'],
  ['ne', 'x'],
  ['in', ['a', 'b']],
  ['nin', ['a']],
  ['like', 'argon2'],
  ['gt', '$'],
  ['gte', '$'],
  ['lt', '~'],
  ['lte', '~'],
  ['between', ['$', '~']],
  ['null', undefined],
  ['notNull', undefined],
];

describe('filters and sorts on secret fields', () => {
  it.each(OPERATORS)(
    'answers 400 naming passwordHash to the filter operator %s, alone and nested in and/or/not',
    async (op, value) => {
      const condition = value === undefined ? { field: 'passwordHash', op } : { field: 'passwordHash', op, value };
      for (const filter of [
        condition,
        { and: [{ field: 'userName', op: 'eq', value: 'admin' }, condition] },
        { or: [{ not: condition }] },
      ]) {
        const answer = await listUsers({ filter });
        expectError(answer, 400, ['passwordHash']);
        expect(JSON.stringify(answer.body)).not.toContain(adminHash);
      }
    },
  );

  it.each([
    ['a string', 'argon2'],
    ['a list', ['x']],
    ['a number', 1],
  ])('answers 400 naming passwordHash to params with %s', async (_what, value) => {
    expectError(await listUsers({ params: { passwordHash: value } }), 400, ['passwordHash']);
  });

  it.each(['passwordHash', 'passwordHash desc', 'userName asc, passwordHash desc'])(
    'answers 400 naming passwordHash to orderBy "%s"',
    async (orderBy) => {
      expectError(await listUsers({ orderBy }), 400, ['passwordHash']);
    },
  );

  it.each(['certificateHash', 'authCodeHash', 'captchaKeyHash', 'answerHash', 'codeHash'])(
    'answers 400 to the token field %s on users, in filter, params and orderBy',
    async (field) => {
      expectError(await listUsers({ filter: { field, op: 'notNull' } }), 400, [field]);
      expectError(await listUsers({ params: { [field]: 'x' } }), 400, [field]);
      expectError(await listUsers({ orderBy: `${field} asc` }), 400, [field]);
    },
  );

  it.each(['baseSessionRestful', 'baseCaptchaRestful', 'basePasswordCodeRestful', 'baseLoginThrottleRestful'])(
    'answers 404 to %s: the token tables are not resources at all',
    async (resource) => {
      for (const [action, body] of [
        [
          'listByPage',
          { filter: { field: 'certificateHash', op: 'like', value: 'a' }, orderBy: 'certificateHash asc' },
        ],
        ['findById', { id: 1 }],
      ] as const) {
        expectError(await server.call('baseServer', resource, action, body, fromUserMenu), 404);
      }
    },
  );
});

describe('reading users', () => {
  it('never returns passwordHash from list or findById, from the user menu or a menu that references users', async () => {
    for (const headers of [fromUserMenu, fromRequisitionMenu]) {
      const list = await listUsers({ pageRows: 100 }, headers);
      const rows = expectOk(list);
      expect(rows.length).toBe(await countRows(server, 'base_users'));
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) expect(row).not.toHaveProperty('passwordHash');
      expect(JSON.stringify(list.body)).not.toContain('$argon2');
      const one = await server.call('baseServer', 'baseUsersRestful', 'findById', { id: 1 }, headers);
      expect(expectOk(one)).toMatchObject({ userId: 1, userName: 'admin' });
      expect(expectOk(one)).not.toHaveProperty('passwordHash');
      expect(JSON.stringify(one.body)).not.toContain('$argon2');
    }
  });

  it('leaves passwordHash out of the user page metadata (findPage)', async () => {
    const data = expectOk(
      await server.call('baseServer', 'baseMetadataRestful', 'findPage', { path: 'user' }, fromUserMenu),
    );
    const names = data.entities.baseUsers.fields.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['userName', 'userType', 'supplierId']));
    expect(names).not.toContain('passwordHash');
  });

  it('ignores passwordHash in a saved body', async () => {
    const user = expectOk(await server.call('baseServer', 'baseUsersRestful', 'findById', { id: 2 }, fromUserMenu));
    const before = await passwordHash(server, 2);
    const saved = expectOk(
      await server.call(
        'baseServer',
        'baseUsersRestful',
        'saveOrUpdate',
        { userId: 2, versionNum: user.versionNum, mobile: '13912349999', passwordHash: 'plain' },
        fromUserMenu,
      ),
    );
    expect(saved.mobile).toBe('13912349999');
    expect(await passwordHash(server, 2)).toBe(before);
  });
});
