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
  if (code === null || code === undefined || code === '') return null;
  const value = findLookupValue(values, code);
  const text = value?.meaning ?? String(code);
  return value?.color ? <Tag color={value.color}>{text}</Tag> : <span>{text}</span>;
}
