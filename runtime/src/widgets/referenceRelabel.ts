/**
 * A reference chosen in one language keeps its label (reference.labelAs, e.g. orgName) in that
 * language until something reads it again. When the user switches language, the chosen record's
 * label is read once more and written over the old one: in English the target's
 * `{labelField}En` when filled (as the picker's options and the server's joined labels word it),
 * else its labelField. A value set without its label (a context default on a new record, a value
 * copied from elsewhere) has its label read the same way (useMissingLabel).
 */
import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from '../core/DataProviderContext';
import type { DataProvider } from '../core/dataProvider';
import type { Language } from '../core/language';
import type { DataRecord } from '../meta';
import { useLanguage } from '../i18n';
import type { ReferenceTarget } from '../schema/fieldComponent';
import { targetRowLabel } from '../schema/referenceLabel';

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The label of the target row whose valueField is `value`, in `language`; undefined when not found. */
export async function referenceLabel(
  provider: DataProvider,
  target: ReferenceTarget,
  value: string | number,
  language: Language,
): Promise<string | undefined> {
  const { rows } = await provider.listByPage<DataRecord>(
    { name: target.name, area: target.area ?? '' },
    { params: {}, filter: { field: target.valueField, op: 'eq', value }, pageIndex: 1, pageRows: 1 },
  );
  const row = rows.find((candidate) => String(candidate[target.valueField]) === String(value));
  if (!row) return undefined;
  return targetRowLabel(target, row, language);
}

export function useLabelInLanguage(
  target: ReferenceTarget | undefined,
  value: unknown,
  setLabel: (label: string) => void,
): void {
  const provider = useDataProvider();
  const language = useLanguage();
  const shownIn = useRef(language);
  const latest = useRef({ target, value, setLabel });
  latest.current = { target, value, setLabel };
  useEffect(() => {
    if (shownIn.current === language) return undefined;
    shownIn.current = language;
    const { target: current, value: chosen } = latest.current;
    if (!current?.area || !current.labelAs || isBlank(chosen) || typeof chosen === 'object') return undefined;
    let live = true;
    referenceLabel(provider, current, chosen as string | number, language).then(
      (label) => {
        if (live && label !== undefined) latest.current.setLabel(label);
      },
      () => undefined, // The old label stays: better than none.
    );
    return () => {
      live = false;
    };
  }, [language, provider]);
}

/**
 * Reads the label of a value that arrived without one (issue 33, item 6: a new delivery note's
 * company and plant, filled from the user's context, showed their ids until saved). Answers
 * whether the label is still being read: the field then shows nothing rather than the bare id,
 * which it shows only when no such record is found.
 */
export function useMissingLabel(
  target: ReferenceTarget | undefined,
  value: unknown,
  label: unknown,
  setLabel: (label: string) => void,
): boolean {
  const provider = useDataProvider();
  const language = useLanguage();
  const [notFound, setNotFound] = useState<unknown>(undefined);
  const latest = useRef({ target, setLabel });
  latest.current = { target, setLabel };
  const readable = Boolean(target?.area && target.labelAs);
  const missing = readable && !isBlank(value) && typeof value !== 'object' && isBlank(label);
  useEffect(() => {
    if (!missing) return undefined;
    let live = true;
    const { target: current } = latest.current;
    referenceLabel(provider, current as ReferenceTarget, value as string | number, language).then(
      (found) => {
        if (!live) return;
        if (found === undefined) setNotFound(value);
        else latest.current.setLabel(found);
      },
      () => live && setNotFound(value),
    );
    return () => {
      live = false;
    };
  }, [missing, value, language, provider]);
  return missing && notFound !== value;
}
