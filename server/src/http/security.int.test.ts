import { computeAppsign } from '@meridian/metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectError, expectOk, rawPost, tableRows } from '../testing/apiAssertions';
import { RATE, RATE_TABLE, rateBody, REQ, REQ_TABLE } from '../testing/srmFixtures';
import { signedHeaders, startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
// A stand-in for the built runtime, so the suite also sees how the app's pages are served.
const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-runtime-'));
fs.mkdirSync(path.join(runtimeDir, 'assets'));
fs.writeFileSync(
  path.join(runtimeDir, 'index.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
);
fs.writeFileSync(path.join(runtimeDir, 'assets', 'app.js'), 'console.log(1);');
// A hashed build file with the compressed copies the build writes beside it (runtime/precompress.ts).
const HASHED = 'assets/main-Ab12Cd34.js';
const SOURCE = Buffer.from(`export const text = '${'x'.repeat(4000)}';\n`);
fs.writeFileSync(path.join(runtimeDir, HASHED), SOURCE);
fs.writeFileSync(path.join(runtimeDir, `${HASHED}.br`), brotliCompressSync(SOURCE));
fs.writeFileSync(path.join(runtimeDir, `${HASHED}.gz`), gzipSync(SOURCE));
for (const [suffix, pack] of [
  ['br', brotliCompressSync],
  ['gz', gzipSync],
] as const) {
  fs.writeFileSync(
    path.join(runtimeDir, `index.html.${suffix}`),
    pack(fs.readFileSync(path.join(runtimeDir, 'index.html'))),
  );
}
beforeAll(async () => {
  server = await startTestServer('security', { runtimeDir });
});
afterAll(async () => {
  await server?.close();
});

const SAVE_RATE = `/api/srmServer/v1/${RATE}/saveOrUpdate`;
const LIST_RATES = `/api/srmServer/v1/${RATE}/listByPage`;

describe('request bodies', () => {
  it('answers 400 to a malformed JSON body and writes nothing', async () => {
    const before = await countRows(server, RATE_TABLE);
    const answer = await rawPost(server, SAVE_RATE, '{"fromCurrency": "GBP", "rate": ');
    expectError(answer, 400);
    expect(answer.body.msg).toMatch(/JSON/);
    expect(await countRows(server, RATE_TABLE)).toBe(before);
  });

  it.each([
    ['an array', JSON.stringify([rateBody()])],
    ['a string', JSON.stringify('fromCurrency=GBP')],
    ['a number', '42'],
    ['null', 'null'],
  ])('answers 400 to a body that is %s, not an object, and writes nothing', async (_what, text) => {
    const before = await countRows(server, RATE_TABLE);
    expectError(await rawPost(server, SAVE_RATE, text), 400);
    expect(await countRows(server, RATE_TABLE)).toBe(before);
  });
});

describe('body size', () => {
  it('answers 413 to a body above the 5 MB limit and writes nothing', async () => {
    const before = await countRows(server, RATE_TABLE);
    const answer = await rawPost(
      server,
      SAVE_RATE,
      JSON.stringify(rateBody({ validTo: null, padding: 'x'.repeat(6 * 1024 * 1024) })),
    );
    expectError(answer, 413);
    expect(await countRows(server, RATE_TABLE)).toBe(before);
  });
});

describe('routing', () => {
  it('answers 404 to an unknown area', async () => {
    expectError(await server.call('nopeServer', RATE, 'listByPage', {}), 404);
  });

  it('answers 404 to an unknown resource', async () => {
    expectError(await server.call('srmServer', 'srmNoSuchThingRestful', 'listByPage', {}), 404);
  });

  it('answers 404 to a resource name without the Restful suffix', async () => {
    expectError(await server.call('srmServer', 'srmBaseExchangeRate', 'listByPage', {}), 404);
  });

  it('answers 404 to an unknown action and changes nothing', async () => {
    const before = await tableRows(server, REQ_TABLE, 'requisition_header_id');
    expectError(await server.call('srmServer', REQ, 'doFrobnicate', { id: 1 }), 404);
    expectError(await server.call('srmServer', REQ, 'constructor', { id: 1 }), 404);
    expect(await tableRows(server, REQ_TABLE, 'requisition_header_id')).toEqual(before);
  });

  it.each(['baseDocSequenceRestful', 'baseMetaDocumentRestful'])(
    'answers 404 to %s, an entity with exposed:false',
    async (resource) => {
      expectError(await server.call('baseServer', resource, 'listByPage', {}), 404);
      expectError(await server.call('baseServer', resource, 'findById', { id: 1 }), 404);
      const before = await countRows(
        server,
        resource === 'baseDocSequenceRestful' ? 'base_doc_sequence' : 'base_meta_document',
      );
      expectError(
        await server.call('baseServer', resource, 'saveOrUpdate', {
          seqKey: 'X',
          lastValue: 1,
          docKind: 'page',
          docName: 'x',
          content: {},
        }),
        404,
      );
      expect(
        await countRows(server, resource === 'baseDocSequenceRestful' ? 'base_doc_sequence' : 'base_meta_document'),
      ).toBe(before);
    },
  );

  it('answers 404 to an entity called in the wrong area, also through the zuul alias', async () => {
    const before = await countRows(server, RATE_TABLE);
    expectError(await server.call('baseServer', RATE, 'saveOrUpdate', rateBody()), 404);
    expect(await countRows(server, RATE_TABLE)).toBe(before);
    expectError(await server.call('baseServer', RATE, 'listByPage', {}), 404);
    expectError(await server.call('zuul/baseServer', RATE, 'listByPage', {}), 404);
    expectError(
      await server.call('srmServer', 'baseLookupValuesRestful', 'findDic', { lookupTypes: ['BASE_CURRENCY'] }),
      404,
    );
  });

  it('serves baseServer also under the zuul/baseServer alias', async () => {
    const data = expectOk(
      await server.call('zuul/baseServer', 'baseLookupValuesRestful', 'findDic', { lookupTypes: ['BASE_CURRENCY'] }),
    );
    expect(data.BASE_CURRENCY.map((v: { lookupCode: string }) => v.lookupCode)).toContain('CNY');
  });

  it('answers an envelope 404, not an HTML page, to an unknown path under /api', async () => {
    expectError(await rawPost(server, '/api/srmServer/v2/whatever', '{}'), 404);
    const res = await fetch(`${server.baseUrl}/api/srmServer/v1/${RATE}/listByPage`, { headers: signedHeaders() });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'E', status: 'E' });
  });
});

describe('appsign (docs/architecture.md "appsign")', () => {
  const headersWithout = (name: string) => ({ ...signedHeaders(), [name]: undefined });

  it('answers 401 without a timestamp header and writes nothing', async () => {
    const before = await countRows(server, RATE_TABLE);
    expectError(await rawPost(server, SAVE_RATE, JSON.stringify(rateBody()), headersWithout('timestamp')), 401);
    expect(await countRows(server, RATE_TABLE)).toBe(before);
  });

  it('answers 401 without an appsign header', async () => {
    expectError(await rawPost(server, LIST_RATES, '{}', headersWithout('appsign')), 401);
  });

  it('answers 401 to a wrong appsign and writes nothing', async () => {
    const before = await countRows(server, RATE_TABLE);
    const headers = { ...signedHeaders(), appsign: computeAppsign(String(Date.now() - 1000)) };
    expectError(await rawPost(server, SAVE_RATE, JSON.stringify(rateBody()), headers), 401);
    expect(await countRows(server, RATE_TABLE)).toBe(before);
  });

  it('answers 401 to a correctly signed timestamp older than 5 minutes and writes nothing', async () => {
    const before = await countRows(server, RATE_TABLE);
    expectError(
      await rawPost(server, SAVE_RATE, JSON.stringify(rateBody()), signedHeaders(Date.now() - 5 * 60 * 1000 - 5000)),
      401,
    );
    expect(await countRows(server, RATE_TABLE)).toBe(before);
  });

  it('answers 401 to a correctly signed timestamp more than 5 minutes ahead', async () => {
    expectError(await rawPost(server, LIST_RATES, '{}', signedHeaders(Date.now() + 5 * 60 * 1000 + 5000)), 401);
  });

  it('answers 401 to a timestamp that is not 13 digits', async () => {
    const t = String(Math.floor(Date.now() / 1000));
    expectError(
      await rawPost(server, LIST_RATES, '{}', { ...signedHeaders(), timestamp: t, appsign: computeAppsign(t) }),
      401,
    );
  });

  it('checks the signature before parsing the body', async () => {
    expectError(await rawPost(server, SAVE_RATE, '{not json', headersWithout('appsign')), 401);
  });

  it('accepts a signed call a few seconds old', async () => {
    expectOk(await rawPost(server, LIST_RATES, '{}', signedHeaders(Date.now() - 10_000)));
  });

  it('needs no appsign for GET /api/health', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      code: 'S',
      status: 'S',
      data: { status: 'UP', database: server.config.dbKind },
    });
  });

  it('does not exempt other paths that merely start with /api/health', async () => {
    expectError(await rawPost(server, '/api/healthz/v1/x/y', '{}', headersWithout('appsign')), 401);
  });

  it('sends nosniff and no x-powered-by', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

it('keeps a requisition row count unchanged across all of the above', async () => {
  expect(await countRows(server, REQ_TABLE)).toBe(3);
});

describe('browser security headers (issue 13, docs/decisions.md)', () => {
  const directives = (csp: string | null) =>
    Object.fromEntries(
      (csp ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name, values]),
    );

  it.each([['/'], ['/index.html'], ['/assets/app.js'], ['/api/health']])(
    'serves %s with CSP (no inline script), frame-ancestors self, X-Frame-Options, nosniff and Referrer-Policy',
    async (url) => {
      const res = await fetch(`${server.baseUrl}${url}`);
      expect(res.status).toBe(200);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(csp['frame-src']).toEqual(expect.arrayContaining(["'self'", 'blob:', 'https:']));
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
    },
  );

  it('sends the same headers on API answers and errors', async () => {
    const res = await fetch(`${server.baseUrl}/api/srmServer/v1/${RATE}/listByPage`, {
      method: 'POST',
      headers: signedHeaders(),
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('serving the built runtime (issue 14, initial load)', () => {
  const get = (url: string, encoding?: string) =>
    fetch(`${server.baseUrl}${url}`, { headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli or gzip copy the browser accepts, and the plain file otherwise', async () => {
    const br = await get(`/${HASHED}`, 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decodes what it accepted: the bytes read are the source again.
    expect(Buffer.from(await br.arrayBuffer()).equals(SOURCE)).toBe(true);
    const gz = await get(`/${HASHED}`, 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer()).equals(SOURCE)).toBe(true);
    const plain = await get(`/${HASHED}`, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(SOURCE)).toBe(true);
  });

  it('caches hashed build files for a year as immutable, and always revalidates index.html', async () => {
    for (const encoding of ['br', 'identity']) {
      expect((await get(`/${HASHED}`, encoding)).headers.get('cache-control')).toBe(
        'public, max-age=31536000, immutable',
      );
    }
    expect((await get('/index.html')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/assets/app.js')).headers.get('cache-control')).not.toMatch(/immutable/);
  });
});
