/**
 * What the lifecycle designer's behaviour section picks from, by name rather than by code: the
 * entity's fields (by label), to-do and notification types (their value sets), responsibilities,
 * roles and menus (read from their tables by table_model), and the context a transition row's
 * behaviour editors share.
 */
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useLookup } from '../core/LookupContext';
import { useLabel, useLanguage } from '../i18n';
import type { EntityDef, FieldDef } from '../meta';
import type { NameLists, NamedCode } from './tableModelApi';

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
  /** Responsibilities, roles and menus by name (tableModelRestful/listNames). */
  loadNames: () => Promise<NameLists>;
}

/** No names to pick from (a designer without the table_model API: tests of other parts). */
export const NO_NAMES = () => Promise.resolve<NameLists>({ responsibilities: [], roles: [], menus: [] });

export const BehaviourContext = createContext<BehaviourScope>({ changed: () => undefined, loadNames: NO_NAMES });
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

const NUMERIC = new Set(['integer', 'decimal', 'money', 'quantity']);

/** A typed value as the server compares or writes it: a number for a numeric field, else the text. */
export function typedValue(field: FieldDef | undefined, text: string): string | number | undefined {
  if (text === '') return undefined;
  return field && NUMERIC.has(field.type) && !Number.isNaN(Number(text)) ? Number(text) : text;
}

export const isDateField = (f: FieldDef) => DATE_TYPES.has(f.type);
export const isUserField = (f: FieldDef) => f.type === 'reference' && f.reference?.entity === 'baseUsers';
export const isSupplierField = (f: FieldDef) => f.type === 'reference' && /supplier/i.test(f.reference?.entity ?? '');

/** A value set's values as options: code → meaning in the current language. */
export function useLookupOptions(lookupType: string): Options {
  const values = useLookup(lookupType);
  return useMemo(() => (values ?? []).map((v) => ({ value: v.lookupCode, label: v.meaning })), [values]);
}

export type NameList = keyof NameLists;

/**
 * Responsibilities, roles or menus as options: code as value, name in the language as label. Read
 * when the picker appears, so that one made in the system screens meanwhile is offered.
 */
export function useNamedRows(list: NameList): Options {
  const { loadNames } = useBehaviourScope();
  const language = useLanguage();
  const [rows, setRows] = useState<NamedCode[]>([]);
  useEffect(() => {
    let live = true;
    loadNames().then(
      (names) => live && setRows(names[list]),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [loadNames, list]);
  return useMemo(
    () => rows.map((r) => ({ value: r.code, label: (language === 'EN' && r.nameEn) || r.name })),
    [rows, language],
  );
}
