/**
 * Embedded pages (docs/architecture.md "Spec: routes and home", "Spec: embedded pages"): a link's address and
 * context are sealed by the server into an opaque actionId bound to this session, and the route
 * /iframeBox{path}?type=INSIDE|other&link=EXTERIOR&actionId=… (or the shell's /main/iframe)
 * opens them again. Only http(s) addresses and paths of this application are ever embedded.
 */
import { isEmbeddableUrl, type EmbedParams } from '@meridian/metadata';
import { getCertificate } from './session';
import { request as defaultRequest, type RequestFn } from './request';

// What openParams answers (the sealed link with its defaults: pageName PAGE, M=V) and the address rule.
export { isEmbeddableUrl, type EmbedParams };

const EMBED = '/api/baseServer/v1/baseEmbedRestful';

export interface EmbedLink {
  url: string;
  query?: string;
  pageName?: string;
  menuId?: string | number;
  respId?: string | number;
}

/** The frame's address: the link with its original query plus pageName, M, menuId and respId. */
export function embedSource(params: EmbedParams, origin: string): string {
  const target = new URL(params.url, origin);
  const extra = new URLSearchParams(params.query);
  extra.set('pageName', params.pageName || 'PAGE');
  extra.set('M', params.M || 'V');
  if (params.menuId) extra.set('menuId', params.menuId);
  if (params.respId) extra.set('respId', params.respId);
  extra.forEach((value, key) => target.searchParams.set(key, value));
  return target.toString();
}

/** INSIDE for addresses of this application, OUTSIDE for other sites (the route's type). */
export function embedType(url: string): 'INSIDE' | 'OUTSIDE' {
  return url.startsWith('/') ? 'INSIDE' : 'OUTSIDE';
}

/** /iframeBox/{path}?… (full window) or /main/iframe?… (a tab of the shell). */
export function embedRoute(link: EmbedLink, actionId: string, inShell: boolean): string {
  const query = new URLSearchParams({ type: embedType(link.url), link: 'EXTERIOR', actionId }).toString();
  if (inShell) return `/main/iframe?${query}`;
  const path = new URL(link.url, 'http://local').pathname.replace(/[^\w/.-]/g, '') || '/';
  return `/iframeBox${path.startsWith('/') ? path : `/${path}`}?${query}`;
}

const sealed = new Map<string, string>();

/**
 * Seals a link. The same link in the same session gets the same actionId, so opening a menu's
 * link twice activates its tab instead of opening a second one.
 */
export async function sealEmbedLink(link: EmbedLink, request: RequestFn = defaultRequest): Promise<string> {
  const key = JSON.stringify([
    getCertificate(),
    link.url,
    link.query ?? '',
    link.pageName ?? '',
    String(link.menuId ?? ''),
    String(link.respId ?? ''),
  ]);
  const known = sealed.get(key);
  if (known) return known;
  const { data } = await request<{ actionId: string }>(`${EMBED}/sealParams`, { ...link });
  sealed.set(key, data.actionId);
  return data.actionId;
}

export async function openEmbedParams(actionId: string, request: RequestFn = defaultRequest): Promise<EmbedParams> {
  return (await request<EmbedParams>(`${EMBED}/openParams`, { actionId })).data;
}
