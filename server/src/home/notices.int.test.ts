import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { sessionHeaders, stamp } from '../testing/authFixtures';
import { signIn, type SignedIn } from '../testing/sessions';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Announcements (DOMAIN section 10): administered through the noticeManagement menu (generic
 * save, doPublish, doWithdraw), read by everyone through session-level reader actions that show
 * a notice only when published, not expired and addressed to the reader.
 */
let server: TestServer;
const as: Record<string, SignedIn> = {};
beforeAll(async () => {
  server = await startTestServer('home_notices');
  for (const user of ['buyer01', 'manager01', 'supplier01', 'supplier02'])
    as[user] = await signIn(server.baseUrl, user);
});
afterAll(async () => {
  await server?.close();
});

const NOTICE = 'srmBaseNoticeRestful';
const admin = (action: string, body: Record<string, unknown>) => server.call('srmServer', NOTICE, action, body);
const reader = (user: string, action: string, body: Record<string, unknown> = {}) =>
  server.call('srmServer', NOTICE, action, body, sessionHeaders(as[user]));
const visibleTitles = async (user: string) =>
  expectOk(await reader(user, 'findMyNotice', { pageRows: 500 })).map((r: { noticeTitle: string }) => r.noticeTitle);

async function published(title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const saved = expectOk(
    await admin('saveOrUpdate', {
      noticeTitle: title,
      noticeType: 'COMPANY',
      content: `<p>${title}</p>`,
      receiverScope: 'ALL',
      ...extra,
    }),
  );
  expect(saved.status).toBe('DRAFT');
  const done = expectOk(await admin('doPublish', { id: saved.noticeId }));
  expect(done.status).toBe('PUBLISHED');
  expect(done.publishDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  return saved.noticeId;
}

describe('rich text', () => {
  it('is sanitised on save, whatever client sends it', async () => {
    const saved = expectOk(
      await admin('saveOrUpdate', {
        noticeTitle: 'xss',
        noticeType: 'SYSTEM',
        receiverScope: 'ALL',
        content:
          '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
        contentEn: '<b>ok</b><iframe src="https://evil.example"></iframe>',
      }),
    );
    const stored = (await tableRows(server, 'srm_base_notice', 'notice_id', { notice_id: saved.noticeId }))[0];
    expect(stored.content).toBe('<p>Hi<a>x</a><img></p>');
    for (const gone of ['script', 'onclick', 'javascript', 'onerror', 'alert'])
      expect(String(stored.content)).not.toContain(gone);
    expect(stored.content_en).toBe('<b>ok</b>');
  });
});

describe('who sees which notice', () => {
  it('shows published, unexpired notices by audience; drafts, withdrawn and expired ones to nobody', async () => {
    const tag = Date.now().toString(36);
    await published(`all-${tag}`);
    await published(`inside-${tag}`, { receiverScope: 'INSIDE' });
    await published(`supplier-${tag}`, { receiverScope: 'SUPPLIER' });
    await published(`designated-${tag}`, {
      receiverScope: 'DESIGNATED',
      receivers: [
        { receiverType: 'SUPPLIER', supplierId: 1 },
        { receiverType: 'USER', userId: 3 },
      ],
    });
    await published(`expired-${tag}`, { expireDate: stamp(-2 * 86400_000).slice(0, 10) });
    const withdrawn = await published(`withdrawn-${tag}`);
    expectOk(await admin('doWithdraw', { id: withdrawn }));
    expectOk(
      await admin('saveOrUpdate', {
        noticeTitle: `draft-${tag}`,
        noticeType: 'COMPANY',
        content: 'd',
        receiverScope: 'ALL',
      }),
    );
    const seen = async (user: string) =>
      (await visibleTitles(user))
        .filter((t: string) => t.endsWith(tag))
        .map((t: string) => t.split('-')[0])
        .sort();
    expect(await seen('buyer01')).toEqual(['all', 'inside']);
    expect(await seen('manager01')).toEqual(['all', 'designated', 'inside']);
    expect(await seen('supplier01')).toEqual(['all', 'designated', 'supplier']);
    expect(await seen('supplier02')).toEqual(['all', 'supplier']);
  });

  it('answers doView of a notice the reader may not see exactly like a missing one', async () => {
    const inside = await published(`only-inside-${Date.now()}`, { receiverScope: 'INSIDE' });
    const refused = await reader('supplier01', 'doView', { id: inside });
    expectError(refused, 404);
    expect(refused.body).toEqual((await reader('supplier01', 'doView', { id: 987654 })).body);
    expect(await tableRows(server, 'srm_base_notice_viewer', 'viewer_id', { notice_id: inside })).toEqual([]);
  });

  it('keeps pinned notices first on the home list of 5', async () => {
    const answer = await reader('buyer01', 'findMyNotice');
    const rows = expectOk(answer);
    expect(rows.length).toBe(5);
    expect(answer.body.page.count).toBeGreaterThan(5);
    expect(rows[0]).toMatchObject({ topFlag: 'Y' });
  });
});

describe('view counters', () => {
  it('counts each view: viewCount for everyone, selfCount and viewFlag per reader', async () => {
    const id = await published(`counted-${Date.now()}`);
    const row = () =>
      reader('buyer01', 'findMyNotice', { pageRows: 500 }).then((a) =>
        expectOk(a).find((r: { noticeId: number }) => r.noticeId === id),
      );
    expect(await row()).toMatchObject({ viewFlag: 'N', selfCount: 0, viewCount: 0 });
    const viewed = expectOk(await reader('buyer01', 'doView', { id }));
    expect(viewed).toMatchObject({
      noticeId: id,
      viewFlag: 'Y',
      selfCount: 1,
      viewCount: 1,
      content: expect.stringContaining('counted'),
    });
    expectOk(await reader('manager01', 'doView', { id }));
    expectOk(await reader('manager01', 'doView', { id }));
    expect(await row()).toMatchObject({ viewFlag: 'Y', selfCount: 1, viewCount: 3 });
    const viewers = await tableRows(server, 'srm_base_notice_viewer', 'viewer_id', { notice_id: id });
    expect(viewers.map((v) => Number(v.user_id))).toEqual([2, 3, 3]);
  });
});

describe('reader pages', () => {
  it('load for any signed-in user without a menu; the management screens do not', async () => {
    for (const path of [
      'notice/noticeDesc',
      'notice/noticeMore',
      'notification/notificationDesc',
      'notification/notificationMore',
    ]) {
      for (const user of ['buyer01', 'supplier01']) {
        const page = expectOk(
          await server.call('baseServer', 'baseMetadataRestful', 'findPage', { path }, sessionHeaders(as[user])),
        );
        expect(page.page).toMatchObject({ path, type: 'custom', access: 'session' });
      }
    }
    expectError(
      await server.call(
        'baseServer',
        'baseMetadataRestful',
        'findPage',
        { path: 'noticeManagement' },
        sessionHeaders(as.buyer01),
      ),
      404,
    );
    expectError(
      await server.call(
        'baseServer',
        'baseMetadataRestful',
        'findPage',
        { path: 'notice/noticeDesc' },
        { certificate: '' },
      ),
      401,
    );
  });
});

describe('management screens', () => {
  it('give the administrator the notice pages with their lines and the pickers of designated receivers', async () => {
    const edit = expectOk(
      await server.call(
        'baseServer',
        'baseMetadataRestful',
        'findPage',
        { path: 'notice/noticeEdit' },
        await server.authHeaders(NOTICE),
      ),
    );
    expect(Object.keys(edit.entities)).toEqual(
      expect.arrayContaining([
        'srmBaseNotice',
        'srmBaseNoticeReceiver',
        'baseUsers',
        'srmSlcSupplierInfo',
        'baseOrganization',
      ]),
    );
    const headers = await server.authHeaders(NOTICE);
    const suppliers = expectOk(
      await server.call('srmServer', 'srmSlcSupplierInfoRestful', 'listByPage', { pageIndex: 1, pageRows: 5 }, headers),
    );
    expect(suppliers.length).toBeGreaterThan(0);
    const list = expectOk(
      await server.call(
        'baseServer',
        'baseMetadataRestful',
        'findPage',
        { path: 'notificationManagement' },
        await server.authHeaders('baseNotificationRestful'),
      ),
    );
    expect(list.page).toMatchObject({ path: 'notificationManagement', entity: 'baseNotification' });
  });

  it('keep edits to drafts and withdrawn notices, and deletes to drafts', async () => {
    const id = await published(`locked-${Date.now()}`);
    const row = expectOk(await admin('findById', { id }));
    expectError(await admin('saveOrUpdate', { noticeId: id, versionNum: row.versionNum, noticeTitle: 'changed' }), 409);
    expectError(await admin('delete', { id }), 409);
    const withdrawn = expectOk(await admin('doWithdraw', { id }));
    expect(
      expectOk(
        await admin('saveOrUpdate', { noticeId: id, versionNum: withdrawn.versionNum, noticeTitle: 'corrected' }),
      ),
    ).toMatchObject({ noticeTitle: 'corrected', status: 'WITHDRAWN' });
    expect(expectOk(await admin('doPublish', { id }))).toMatchObject({ status: 'PUBLISHED' });
  });
});
