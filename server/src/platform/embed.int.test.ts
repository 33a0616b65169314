import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { signIn, type SignedIn } from '../testing/sessions';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let buyer: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  server = await startTestServer('embed');
  buyer = await signIn(server.baseUrl, 'buyer01');
  other = await signIn(server.baseUrl, 'buyer01');
});
afterAll(async () => {
  await server?.close();
});

const as = (session: SignedIn) => ({ certificate: session.certificate, authorizationCode: session.authorizationCode });
const embed = (action: string, body: Record<string, unknown>, session: SignedIn = buyer) =>
  server.call('baseServer', 'baseEmbedRestful', action, body, as(session));

describe('sealParams / openParams', () => {
  it('round-trips the link parameters within the session, with pageName PAGE and M=V by default', async () => {
    const respId = String(buyer.responsibilities[0].responsibilityId);
    const { actionId } = expectOk(
      await embed('sealParams', { url: 'https://example.com/report', query: '?year=2026&x=1', menuId: 12, respId }),
    );
    expect(actionId).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(actionId).not.toContain('example');
    expect(expectOk(await embed('openParams', { actionId }))).toEqual({
      url: 'https://example.com/report',
      query: 'year=2026&x=1',
      pageName: 'PAGE',
      M: 'V',
      menuId: '12',
      respId,
    });
  });

  it('refuses to open an actionId sealed by another session (same user) with 400', async () => {
    const { actionId } = expectOk(await embed('sealParams', { url: '/api/health', pageName: 'health' }));
    const answer = await embed('openParams', { actionId }, other);
    expectError(answer, 400);
    expect(answer.body.msg).toMatch(/another session/);
    expect(expectOk(await embed('openParams', { actionId })).pageName).toBe('health');
  });

  it('refuses a tampered actionId with 400', async () => {
    const { actionId } = expectOk(await embed('sealParams', { url: 'https://example.com/a' }));
    const bytes = Buffer.from(actionId, 'base64url');
    bytes[20] ^= 1;
    expectError(await embed('openParams', { actionId: bytes.toString('base64url') }), 400);
    expectError(await embed('openParams', { actionId: actionId.slice(0, -4) }), 400);
    expectError(await embed('openParams', { actionId: 'not a seal' }), 400);
    expectError(await embed('openParams', {}), 400);
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['file:///etc/passwd'],
    ['//evil.example/x'],
    ['ftp://example.com'],
    [''],
    [42],
  ])('refuses to seal the address %j', async (url) => {
    const answer = await embed('sealParams', { url });
    expectError(answer, 400);
    expect(answer.body.msg).toBe('Only http or https addresses can be embedded');
  });

  it('refuses a responsibility the caller does not hold (403) and callers without a session (401)', async () => {
    expectError(await embed('sealParams', { url: 'https://example.com', respId: '999999' }), 403);
    expectError(
      await server.call(
        'baseServer',
        'baseEmbedRestful',
        'sealParams',
        { url: 'https://example.com' },
        { certificate: '' },
      ),
      401,
    );
  });
});
