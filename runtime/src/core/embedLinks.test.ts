import { describe, expect, it, vi } from 'vitest';
import { embedRoute, embedSource, embedType, isEmbeddableUrl, sealEmbedLink } from './embedLinks';
import type { RequestFn } from './request';

describe('embedded links', () => {
  it.each([['https://example.com/a'], ['http://localhost:9/x?y=1'], ['/api/health']])('embeds %s', (url) => {
    expect(isEmbeddableUrl(url)).toBe(true);
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,x'],
    ['//evil.example'],
    ['ftp://example.com'],
    ['java script:x'],
    [''],
    [undefined],
  ])('refuses %s', (url) => {
    expect(isEmbeddableUrl(url)).toBe(false);
  });

  it('builds the frame address from the link, its query and the context parameters', () => {
    const src = embedSource(
      { url: 'https://example.com/r?a=1', query: 'year=2026', pageName: 'PAGE', M: 'V', menuId: '12', respId: '3' },
      'http://app',
    );
    const parsed = new URL(src);
    expect(parsed.origin + parsed.pathname).toBe('https://example.com/r');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      a: '1',
      year: '2026',
      pageName: 'PAGE',
      M: 'V',
      menuId: '12',
      respId: '3',
    });
    expect(
      embedSource({ url: '/api/health', query: '', pageName: '', M: '', menuId: '', respId: '' }, 'http://app:8'),
    ).toBe('http://app:8/api/health?pageName=PAGE&M=V');
  });

  it('routes to /iframeBox{path} or the shell tab with type, link=EXTERIOR and the actionId', () => {
    expect(embedType('/api/health')).toBe('INSIDE');
    expect(embedRoute({ url: 'https://example.com/a/b?x=1' }, 'SEAL', false)).toBe(
      '/iframeBox/a/b?type=OUTSIDE&link=EXTERIOR&actionId=SEAL',
    );
    expect(embedRoute({ url: '/api/health' }, 'SEAL', true)).toBe(
      '/main/iframe?type=INSIDE&link=EXTERIOR&actionId=SEAL',
    );
  });

  it('seals a link once per session', async () => {
    const request = vi.fn(async () => ({ data: { actionId: 'A1' }, msg: '' })) as unknown as RequestFn;
    const link = { url: 'https://example.com/once', menuId: 4 };
    expect(await sealEmbedLink(link, request)).toBe('A1');
    expect(await sealEmbedLink({ ...link }, request)).toBe('A1');
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('/api/baseServer/v1/baseEmbedRestful/sealParams', link);
  });
});
