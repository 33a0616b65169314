/**
 * i18next set-up: CN (default) and EN, language codes equal to the server's (CN|EN) so that the
 * request header, the lookup cache key and the UI never need a mapping.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { getLanguage, isLanguage, pickLabel, saveLanguage, type LabelLike, type Language } from '../core/language';
import { cn } from './cn';
import { en } from './en';

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { CN: { translation: cn }, EN: { translation: en } },
  lng: getLanguage(),
  fallbackLng: 'CN',
  supportedLngs: ['CN', 'EN'],
  interpolation: { escapeValue: false },
  initImmediate: false,
  returnNull: false,
} as Parameters<I18n['init']>[0]);

export function htmlLang(language: Language): string {
  return language === 'EN' ? 'en' : 'zh-CN';
}

/** Switches the UI language and remembers it (docs/architecture.md "Spec: states": language toggle). */
export async function changeLanguage(language: Language): Promise<void> {
  saveLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(language);
  await i18n.changeLanguage(language);
}

export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  return isLanguage(language) ? language : 'CN';
}

/** Picks .cn or .en of a metadata label for the current language. */
export function useLabel(): (label: LabelLike) => string {
  const language = useLanguage();
  return useCallback((label: LabelLike) => pickLabel(label, language), [language]);
}

export { cn, en };
