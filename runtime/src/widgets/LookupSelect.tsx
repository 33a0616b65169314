/**
 * A select over one lookup type: enabled values are selectable; a disabled value that is the
 * current value still shows its meaning (docs/architecture.md "Spec: records and grid config", enabledFlag).
 */
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useLookup } from '../core/LookupContext';
import type { LookupValue } from '../core/dataProvider';
import { LookupTag } from './LookupTag';

export interface LookupSelectProps extends Omit<SelectProps, 'options'> {
  lookupType?: string;
}

export function lookupOptions(values: LookupValue[] | undefined, current: unknown) {
  const currentCodes = new Set((Array.isArray(current) ? current : [current]).map((code) => String(code)));
  return (values ?? [])
    .filter((value) => value.enabledFlag !== 'N' || currentCodes.has(value.lookupCode))
    .map((value) => ({ value: value.lookupCode, label: value.meaning, disabled: value.enabledFlag === 'N' }));
}

export function LookupSelectBase({ lookupType, value, ...rest }: LookupSelectProps) {
  const values = useLookup(lookupType);
  const options = useMemo(() => lookupOptions(values, value), [values, value]);
  return (
    <Select
      showSearch
      optionFilterProp="label"
      loading={values === undefined}
      options={options}
      value={value === '' || value === null ? undefined : value}
      style={{ width: '100%' }}
      {...rest}
    />
  );
}

function LookupReadPretty({ lookupType, value }: { lookupType?: string; value?: unknown }) {
  if (Array.isArray(value)) {
    return (
      <span>
        {value.map((code) => (
          <LookupTag key={String(code)} lookupType={lookupType} code={code} />
        ))}
      </span>
    );
  }
  return <LookupTag lookupType={lookupType} code={value} />;
}

export const LookupSelect = connect(
  LookupSelectBase,
  mapProps((props, field) => ({
    ...props,
    'aria-label': (props as { 'aria-label'?: string })['aria-label'] ?? (field as { title?: string }).title,
  })),
  mapReadPretty(LookupReadPretty),
);
