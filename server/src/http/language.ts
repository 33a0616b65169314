import { normalizeLanguage, pickText, type I18nText, type Language } from '@meridian/metadata';
import type { Request } from 'express';

/** The request's language: the `language` header, else the body's `language`, else CN. */
export function requestLanguage(req: Request): Language {
  const header = req.headers.language;
  const body = (req.body as { language?: unknown } | undefined)?.language;
  return normalizeLanguage(typeof header === 'string' && header ? header : body);
}

export const say = (text: I18nText, req: Request) => pickText(text, requestLanguage(req));
