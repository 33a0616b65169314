/**
 * Embedded pages (/iframeBox, docs/architecture.md "Spec: routes and home"): the parameters a sealed actionId
 * carries and the
 * rule for which addresses may be embedded. The server checks it when sealing and opening, the
 * runtime again before it draws the frame.
 */
export interface EmbedParams {
  /** The embedded page's address: http(s) URL, or a path of this application ("/…"). */
  url: string;
  /** The original query string of the link, without "?". */
  query: string;
  pageName: string;
  M: string;
  menuId: string;
  respId: string;
}

export const MAX_EMBED_URL = 2048;

/** http(s) addresses, or a path of this application; never javascript:, data:, file: or "//host". */
export function isEmbeddableUrl(url: unknown): url is string {
  if (typeof url !== 'string' || !url || url.length > MAX_EMBED_URL || /[\s\\]/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !!parsed.host;
  } catch {
    return false;
  }
}
