/**
 * What the lifecycle designer's behaviour section picks from, by name rather than by code: the
 * entity's fields (by label), to-do and notification types (their value sets), responsibilities,
 * roles and menus (read from the platform's own lists), and the context a transition row's
 * behaviour editors share.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useDataProvider } from '../core/DataProviderContext';
import { useLookup } from '../core/LookupContext';
import { useLabel, useLanguage } from '../i18n';
import type { EntityDef, FieldDef } from '../meta';

export type Options = { value: string; label: string }[];

export const TODO_TYPES = 'SYS_TOBEDO';
export const NOTIFICATION_TYPES = 'BASE_NOTIFICATION_TYPE';
const DATE_TYPES = new Set(['date', 'datetime']);

export interface BehaviourScope {
  /** The entity whose lifecycle this is (the first one pointing at it), if the designer knows it. */
  entity?: EntityDef;
  /** The entity's edit page: a to-do's link opens it on the record. */
  editPage?: string;
  /** Reports a change the form made by code (a timer added or removed), as a typed one is. */
  changed: () => void;
}

export const BehaviourContext = createContext<BehaviourScope>({ changed: () => undefined });
export const useBehaviourScope = () => useContext(BehaviourContext);

/** The entity's fields the filter picks, shown by their label. */
export function useFieldOptions(filter: (f: FieldDef) => boolean = () => true): Options {
  const { entity } = useBehaviourScope();
  const label = useLabel();
  return useMemo(
    () =>
      (entity?.fields ?? [])
        .filter((f) => f?.name && filter(f))
        .map((f) => ({ value: f.name, label: f.label ? label(f.label) || f.name : f.name })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter is a constant of the caller
    [entity, label],
  );
}

export const isDateField = (f: FieldDef) => DATE_TYPES.has(f.type);
export const isUserField = (f: FieldDef) => f.type === 'reference' && f.reference?.entity === 'baseUsers';
export const isSupplierField = (f: FieldDef) => f.type === 'reference' && /supplier/i.test(f.reference?.entity ?? '');

/** A value set's values as options: code → meaning in the current language. */
export function useLookupOptions(lookupType: string): Options {
  const values = useLookup(lookupType);
  return useMemo(() => (values ?? []).map((v) => ({ value: v.lookupCode, label: v.meaning })), [values]);
}

interface NamedList {
  entity: string;
  code: string;
  name: string;
  nameEn: string;
}

export const RESPONSIBILITIES: NamedList = {
  entity: 'baseResponsibility',
  code: 'responsibilityCode',
  name: 'responsibilityName',
  nameEn: 'responsibilityNameEn',
};
export const ROLES: NamedList = { entity: 'baseRole', code: 'roleCode', name: 'roleName', nameEn: 'roleNameEn' };
export const MENUS: NamedList = { entity: 'baseMenu', code: 'menuCode', name: 'menuName', nameEn: 'menuNameEn' };

/** The rows of a platform list as options: their code as value, their name (in the language) as label. */
export function useNamedRows(list: NamedList): Options {
  const provider = useDataProvider();
  const language = useLanguage();
  const [rows, setRows] = useState<Record<string, unknown>[]>([]);
  useEffect(() => {
    provider
      .listByPage(
        { name: list.entity, area: 'baseServer' },
        { pageIndex: 1, pageRows: 1000, orderBy: `${list.code} asc` },
      )
      .then(
        (answer) => setRows(answer.rows),
        () => setRows([]),
      );
  }, [provider, list]);
  return useMemo(
    () =>
      rows.map((r) => {
        const name = (language === 'EN' && r[list.nameEn]) || r[list.name] || r[list.code];
        return { value: String(r[list.code]), label: String(name) };
      }),
    [rows, language, list],
  );
}
