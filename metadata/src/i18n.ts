import type { I18NText } from './generated/meta-model';

export type I18nText = I18NText;
export type Language = 'CN' | 'EN';
export const DEFAULT_LANGUAGE: Language = 'CN';

export function normalizeLanguage(value: unknown): Language {
  return typeof value === 'string' && value.toUpperCase() === 'EN' ? 'EN' : 'CN';
}

/** The label in the asked language; CN when EN is missing (CN is the default language). */
export function pickText(text: I18nText | string | undefined, language: Language): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return language === 'EN' ? text.en || text.cn : text.cn || text.en;
}

/**
 * Both languages at once, Chinese first: "标签 / Label" (the default separator), for what is read
 * before anyone's language is known — printed documents, mails, stored run and task messages.
 */
export function bothLanguages(text: I18nText, separator = ' / '): string {
  return `${text.cn}${separator}${text.en}`;
}
