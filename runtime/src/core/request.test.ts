import { computeAppsign } from '@meridian/metadata';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError';
import { createRequest, fileNameFromDisposition, isFileResult, type FileResult } from './request';
import { buyerLogin } from '../test/session';
import { getCertificate, hasSession, saveSession, SESSION_KEYS, setResponsibilityId } from './session';

const NOW = 1767225600123;

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json;charset=UTF-8' } });
}

function stubFetch(response: Response) {
  return vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response);
}

function sentHeaders(fetchImpl: ReturnType<typeof stubFetch>): Record<string, string> {
  return fetchImpl.mock.calls[0][1]?.headers as Record<string, string>;
}

describe('request client', () => {
  it('sends every header of the contract, with a valid appsign', async () => {
    sessionStorage.setItem(SESSION_KEYS.certificate, 'cert-1');
    sessionStorage.setItem(SESSION_KEYS.authorizationCode, 'auth-1');
    const fetchImpl = stubFetch(jsonResponse({ code: 'S', status: 'S', msg: 'ok', data: 1 }));
    const request = createRequest({ fetchImpl, now: () => NOW, language: () => 'EN' });
    await request('/api/baseServer/v1/xRestful/findById', { id: 3 }, { screen: { menuId: '7', respId: '9' } });

    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('/api/baseServer/v1/xRestful/findById');
    expect(init?.method).toBe('POST');
    const headers = sentHeaders(fetchImpl);
    expect(headers.timestamp).toBe(String(NOW));
    expect(headers.appsign).toBe(computeAppsign(String(NOW)));
    expect(headers.certificate).toBe('cert-1');
    expect(headers.AuthorizationCode).toBe('auth-1');
    expect(headers.language).toBe('EN');
    expect(headers.gateway).toBe('srm');
    expect(headers.menuId).toBe('7');
    expect(headers.respId).toBe('9');
    expect(JSON.parse(init?.body as string)).toEqual({ id: 3, language: 'EN' });
  });

  it('sends empty session headers and no menu headers when there are none', async () => {
    const fetchImpl = stubFetch(jsonResponse({ code: 'S', status: 'S', data: null }));
    await createRequest({ fetchImpl, now: () => NOW })('/api/a', {});
    const headers = sentHeaders(fetchImpl);
    expect(headers.certificate).toBe('');
    expect(headers.AuthorizationCode).toBe('');
    expect(headers.language).toBe('CN');
    expect('menuId' in headers).toBe(false);
    expect('respId' in headers).toBe(false);
  });

  it('unwraps the envelope into data and page', async () => {
    const page = { count: 42, pageIndex: 2, pageRows: 20 };
    const fetchImpl = stubFetch(jsonResponse({ code: 'S', status: 'S', msg: '', data: [{ a: 1 }], page }));
    const result = await createRequest({ fetchImpl })('/api/x', {});
    expect(result.data).toEqual([{ a: 1 }]);
    expect(result.page).toEqual(page);
  });

  it('turns status E on HTTP 200 into an ApiError with the msg', async () => {
    const fetchImpl = stubFetch(jsonResponse({ code: 'E', status: 'E', msg: '单据不存在', data: null }));
    const error = await createRequest({ fetchImpl })('/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).msg).toBe('单据不存在');
    expect((error as ApiError).httpStatus).toBe(200);
  });

  it('turns HTTP 409 into an ApiError with httpStatus 409', async () => {
    const fetchImpl = stubFetch(jsonResponse({ code: 'E', status: 'E', msg: 'stale', data: null }, 409));
    const error = (await createRequest({ fetchImpl })('/api/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.httpStatus).toBe(409);
    expect(error.isConflict).toBe(true);
    expect(error.msg).toBe('stale');
  });

  it('keeps the field errors of a 400', async () => {
    const errors = [{ field: 'lines[0].itemCode', message: 'required' }];
    const fetchImpl = stubFetch(jsonResponse({ code: 'E', status: 'E', msg: 'invalid', errors }, 400));
    const error = (await createRequest({ fetchImpl })('/api/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.httpStatus).toBe(400);
    expect(error.errors).toEqual(errors);
  });

  it('reports a blob that is a JSON envelope with status E as an error', async () => {
    const body = JSON.stringify({ code: 'E', status: 'E', msg: '导出失败' });
    const response = new Response(new Blob([body], { type: 'application/octet-stream' }), {
      status: 200,
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    const error = (await createRequest({ fetchImpl: stubFetch(response) })('/api/x', {}).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.msg).toBe('导出失败');
  });

  it('returns a real file as a blob with its name', async () => {
    const response = new Response(new Blob(['PK\u0003\u0004zip'], { type: 'application/zip' }), {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': "attachment; filename*=UTF-8''%E9%99%84%E4%BB%B6.zip",
      },
    });
    const result = await createRequest({ fetchImpl: stubFetch(response) })('/api/fileServer/v2/file/batchDownload', {});
    expect(isFileResult(result.data)).toBe(true);
    expect((result.data as FileResult).fileName).toBe('附件.zip');
    expect(await (result.data as FileResult).blob.text()).toContain('zip');
  });

  it('reports a network failure as an ApiError with httpStatus 0', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await createRequest({ fetchImpl, language: () => 'EN' })('/api/x', {}).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.httpStatus).toBe(0);
    expect(error.msg).toMatch(/Network error/);
  });
});

describe('request client and the session', () => {
  it("sends the current responsibility as respId on every call, the screen's when it has one", async () => {
    saveSession(buyerLogin);
    setResponsibilityId(12);
    const fetchImpl = vi.fn(async () => jsonResponse({ code: 'S', status: 'S', data: null }));
    const request = createRequest({ fetchImpl, now: () => NOW });
    await request('/api/baseServer/v1/baseMenuRestful/findMenuByResp', {});
    await request('/api/srmServer/v1/xRestful/listByPage', {}, { screen: { menuId: '100', respId: '11' } });
    const [plain, screen] = fetchImpl.mock.calls.map(
      (call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>,
    );
    expect(plain.respId).toBe('12');
    expect('menuId' in plain).toBe(false);
    expect(plain.certificate).toBe('cert-buyer');
    expect(screen.respId).toBe('11');
    expect(screen.menuId).toBe('100');
  });

  it('a 401 to a call made with the session clears it (the guard then shows the login page)', async () => {
    saveSession(buyerLogin);
    const fetchImpl = stubFetch(
      jsonResponse({ code: 'E', status: 'E', msg: '登录已失效，请重新登录', data: null }, 401),
    );
    const error = (await createRequest({ fetchImpl })('/api/srmServer/v1/xRestful/listByPage', {}).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.httpStatus).toBe(401);
    expect(error.msg).toBe('登录已失效，请重新登录');
    expect(hasSession()).toBe(false);
  });

  it('a refused login (401) keeps any session and carries captchaRequired in data', async () => {
    saveSession(buyerLogin);
    const fetchImpl = stubFetch(
      jsonResponse({ code: 'E', status: 'E', msg: '用户名或密码错误', data: { captchaRequired: true } }, 401),
    );
    const error = (await createRequest({ fetchImpl })('/api/baseServer/v1/baseLoginRestful/login', {}).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.data).toEqual({ captchaRequired: true });
    expect(getCertificate()).toBe('cert-buyer');
  });

  it('other failures leave the session alone', async () => {
    saveSession(buyerLogin);
    const fetchImpl = stubFetch(jsonResponse({ code: 'E', status: 'E', msg: 'no', data: null }, 403));
    await createRequest({ fetchImpl })('/api/x', {}).catch(() => undefined);
    expect(hasSession()).toBe(true);
  });
});

describe('fileNameFromDisposition', () => {
  it('reads quoted and plain names, and falls back', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFromDisposition(null, 'x.bin')).toBe('x.bin');
  });
});
