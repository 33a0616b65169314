/** A lookup code shown as its meaning, as a coloured Tag when the value has a colour. */
import { Tag } from 'antd';
import { useLookup } from '../core/LookupContext';
import { findLookupValue } from '../core/lookupCache';

export interface LookupTagProps {
  lookupType?: string;
  code: unknown;
}

export function LookupTag({ lookupType, code }: LookupTagProps) {
  const values = useLookup(lookupType);
  // Nothing rather than the stored code while the labels are on their way (issue 33, item 5).
  if (code === null || code === undefined || code === '' || values === undefined) return null;
  const value = findLookupValue(values, code);
  const text = value?.meaning ?? String(code);
  return value?.color ? <Tag color={value.color}>{text}</Tag> : <span>{text}</span>;
}
