import { normalizeLanguage, type Language } from '@meridian/metadata';

/** What we read of a request, whatever the HTTP framework. */
export interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

/** The request's language: the `language` header, else the body's `language`, else CN. */
export function requestLanguage(req: RequestLike): Language {
  const header = req.headers.language;
  const body = (req.body as { language?: unknown } | undefined | null)?.language;
  return normalizeLanguage(typeof header === 'string' && header ? header : body);
}
