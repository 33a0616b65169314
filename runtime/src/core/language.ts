/**
 * Interface language (docs/architecture.md "Spec: users and language": CN default, switchable, remembered).
 * Kept outside React so that the request client can read it for every call.
 */
export type Language = 'CN' | 'EN';

export const LANGUAGE_STORAGE_KEY = 'meridian.language';
export const DEFAULT_LANGUAGE: Language = 'CN';

export function isLanguage(value: unknown): value is Language {
  return value === 'CN' || value === 'EN';
}

export function getLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be disabled (private mode); fall back to the default rather than fail.
    return DEFAULT_LANGUAGE;
  }
}

export function saveLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* not remembered, still applied for this page view */
  }
}

/** A CN/EN pair as metadata carries it (I18nText), or a plain string from the server. */
export type LabelLike = { cn: string; en: string } | string | null | undefined;

/** Picks the label for the language; falls back to the other language, then to ''. */
export function pickLabel(label: LabelLike, language: Language): string {
  if (label == null) return '';
  if (typeof label === 'string') return label;
  return (language === 'EN' ? label.en || label.cn : label.cn || label.en) ?? '';
}
