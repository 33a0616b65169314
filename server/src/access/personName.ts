/**
 * A user named as a person field names one (as the reference labels of selectBuilder do): the
 * person's name in the language — in English the English one, else the Chinese one — and the login
 * when the user has no name. For hand-written SQL that joins base_users under `alias`.
 */
import type { Language } from '@meridian/metadata';
import type { MetaSql } from './metaSql';

export function personNameSql(sql: MetaSql, alias: string, language: Language): string {
  const names = language === 'EN' ? ['personNameEn', 'personName'] : ['personName'];
  const tried = names.map((name) => `NULLIF(${sql.c('baseUsers', name, alias)}, '')`);
  return `COALESCE(${tried.join(', ')}, ${sql.c('baseUsers', 'userName', alias)})`;
}
