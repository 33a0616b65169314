/**
 * Picks a record of another entity (FieldDef.reference): remote search through the target's
 * listByPage with `like` on its label field. The chosen label is written next to the value
 * under reference.labelAs (e.g. orgName beside orgId), as list rows carry it, so the label
 * shows without another call.
 */
import { connect, mapReadPretty, observer, useField, useForm } from '@formily/react';
import { Select, type SelectProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider } from '../core/DataProviderContext';
import { getLanguage } from '../core/language';
import type { DataProvider } from '../core/dataProvider';
import type { DataRecord, FilterNode } from '../meta';
import type { ReferenceTarget } from '../schema/fieldComponent';
import { useLabelInLanguage } from './referenceRelabel';

export interface ReferenceSelectProps extends Omit<SelectProps, 'options' | 'onChange'> {
  target?: ReferenceTarget;
  onChange?: (value: unknown) => void;
}

interface Option {
  value: string | number;
  label: string;
}

const SEARCH_ROWS = 20;
const SEARCH_DELAY_MS = 300;

export async function searchReferences(provider: DataProvider, target: ReferenceTarget, text: string): Promise<Option[]> {
  if (!target.area) return [];
  const labelField = target.labelField;
  const filter: FilterNode | undefined =
    labelField && text.trim() ? { field: labelField, op: 'like', value: text.trim() } : undefined;
  const { rows } = await provider.listByPage<DataRecord>(
    { name: target.name, area: target.area },
    { params: {}, filter, pageIndex: 1, pageRows: SEARCH_ROWS },
  );
  // In English the target's `{labelField}En` names the record when it is filled (as the server's joined labels do).
  const english = getLanguage() === 'EN' && labelField ? `${labelField}En` : undefined;
  return rows.map((row) => ({
    value: row[target.valueField] as string | number,
    label: String((english && row[english]) || (row[labelField ?? target.valueField] ?? row[target.valueField] ?? '')),
  }));
}

/** Reads and writes the sibling labelAs value of the field being edited. */
function useLabelAs(labelAs: string | undefined) {
  const field = useField();
  const form = useForm();
  const path = labelAs ? (field as unknown as { path: { parent(): { concat(key: string): unknown } } }).path.parent().concat(labelAs) : null;
  return {
    label: path ? (form.getValuesIn(path as never) as string | undefined) : undefined,
    setLabel: (label: string | undefined) => path && form.setValuesIn(path as never, label),
  };
}

function useReferenceOptions(target: ReferenceTarget | undefined) {
  const provider = useDataProvider();
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const run = (text: string) => {
    if (!target) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      searchReferences(provider, target, text)
        .then(setOptions, () => setOptions([]))
        .finally(() => setLoading(false));
    }, SEARCH_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return { options, loading, run };
}

export const ReferenceSelectBase = observer(function ReferenceSelectBase({
  target,
  value,
  onChange,
  disabled,
  'aria-label': ariaLabel,
  ...rest
}: ReferenceSelectProps) {
  const field = useField();
  const { label, setLabel } = useLabelAs(target?.labelAs);
  useLabelInLanguage(target, value, setLabel);
  const { options, loading, run } = useReferenceOptions(target);
  const shown = useMemo(() => {
    const hasCurrent = value === undefined || value === null || value === '' || options.some((o) => o.value === value);
    return hasCurrent ? options : [{ value: value as string | number, label: label ?? String(value) }, ...options];
  }, [options, value, label]);
  return (
    <Select
      {...rest}
      showSearch
      allowClear
      filterOption={false}
      loading={loading}
      disabled={!target?.area || disabled}
      aria-label={ariaLabel ?? (field as { title?: string }).title}
      options={shown}
      value={value === '' || value === null ? undefined : value}
      onSearch={run}
      onOpenChange={(open) => open && run('')}
      onChange={(next, option) => {
        setLabel(next === undefined ? undefined : (option as Option | undefined)?.label);
        onChange?.(next ?? null);
      }}
      style={{ width: '100%' }}
    />
  );
});

const ReferenceReadPretty = observer(function ReferenceReadPretty({ target, value }: ReferenceSelectProps) {
  const { label, setLabel } = useLabelAs(target?.labelAs);
  useLabelInLanguage(target, value, setLabel);
  if (value === undefined || value === null || value === '') return null;
  return <span>{label ?? String(value)}</span>;
});

export const ReferenceSelect = connect(ReferenceSelectBase, mapReadPretty(ReferenceReadPretty));
