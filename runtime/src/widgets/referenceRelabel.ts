/**
 * A reference chosen in one language keeps its label (reference.labelAs, e.g. orgName) in that
 * language until something reads it again. When the user switches language, the chosen record's
 * label is read once more and written over the old one: in English the target's
 * `{labelField}En` when filled (as the picker's options and the server's joined labels word it),
 * else its labelField.
 */
import { useEffect, useRef } from 'react';
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
