/**
 * A `set` effect in the lifecycle designer: the fields a transition writes and what each one gets —
 * a typed value, nothing (cleared), the transition's time or date, the acting user, the action's
 * comment, or another field of the record (docs/developer-guide.md "Declared effects"). A value the
 * designer does not edit (days added, a difference, a count over lines) shows in words and is kept
 * as it is. Rows without a field yet live only here: the effect holds the rows that name one.
 */
import { Button, Input, Select, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EffectValue } from '../meta';
import { typedValue, useBehaviourScope, useFieldOptions } from './behaviourOptions';

type Values = Record<string, EffectValue>;
interface Row {
  field?: string;
  value: EffectValue;
}

export const VALUE_KINDS = ['constant', 'clear', 'nowDatetime', 'nowDate', 'actor', 'comment', 'field'] as const;
type Kind = (typeof VALUE_KINDS)[number] | 'other';

/** The kind of a value as the designer edits it; 'other' for a shape it only shows. */
export function kindOf(value: EffectValue): Kind {
  if (value === null) return 'clear';
  if (typeof value !== 'object') return 'constant';
  const keys = Object.keys(value);
  if ('now' in value && keys.length === 1) return value.now === 'date' ? 'nowDate' : 'nowDatetime';
  if ('actor' in value) return 'actor';
  if ('comment' in value) return 'comment';
  if ('field' in value && keys.length === 1) return 'field';
  return 'other';
}

/** The first value of a kind just picked. */
function startOf(kind: Kind): EffectValue {
  const starts: Record<Exclude<Kind, 'other'>, EffectValue> = {
    constant: '',
    clear: null,
    nowDatetime: { now: 'datetime' },
    nowDate: { now: 'date' },
    actor: { actor: 'userId' },
    comment: { comment: true },
    field: { field: '' },
  };
  return kind === 'other' ? null : starts[kind];
}

/** The rows of a map; one empty row to start from when it has none. */
function toRows(values: Values | undefined): Row[] {
  const rows = Object.entries(values ?? {}).map(([field, value]) => ({ field, value }));
  return rows.length ? rows : [{ value: '' }];
}

const named = (rows: Row[]): Values =>
  Object.fromEntries(rows.filter((r) => r.field).map((r) => [r.field as string, r.value]));

/** A field of the entity, picked by its label. */
function FieldPicker(props: { label: string; value?: string; onChange: (field: string) => void }) {
  const fields = useFieldOptions();
  return (
    <Select
      aria-label={props.label}
      placeholder={props.label}
      showSearch
      optionFilterProp="label"
      options={fields}
      value={props.value}
      onChange={props.onChange}
      style={{ width: 140 }}
    />
  );
}

function ValueInput({ row, onChange }: { row: Row; onChange: (value: EffectValue) => void }) {
  const { t } = useTranslation();
  const { entity } = useBehaviourScope();
  const kind = kindOf(row.value);
  if (kind === 'constant')
    return (
      <Input
        aria-label={t('modeling.behaviour.setValue')}
        placeholder={t('modeling.behaviour.setValue')}
        value={String(row.value ?? '')}
        onChange={(e) =>
          onChange(
            typedValue(
              entity?.fields.find((f) => f.name === row.field),
              e.target.value,
            ) ?? '',
          )
        }
        style={{ width: 140 }}
      />
    );
  if (kind === 'field')
    return (
      <FieldPicker
        label={t('modeling.behaviour.setFromField')}
        value={(row.value as { field: string }).field || undefined}
        onChange={(field) => onChange({ field })}
      />
    );
  if (kind === 'other') return <Tag>{t('modeling.behaviour.setKept', { value: JSON.stringify(row.value) })}</Tag>;
  return null;
}

function SetRow({ row, onChange, onRemove }: { row: Row; onChange: (row: Row) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const kind = kindOf(row.value);
  const kinds = kind === 'other' ? [...VALUE_KINDS, 'other' as const] : VALUE_KINDS;
  return (
    <Space wrap aria-label={t('modeling.behaviour.setRow')}>
      <FieldPicker
        label={t('modeling.behaviour.setField')}
        value={row.field}
        onChange={(field) => onChange({ ...row, field })}
      />
      <Select
        aria-label={t('modeling.behaviour.setKind')}
        options={kinds.map((k) => ({ value: k, label: t(`modeling.behaviour.value_${k}`) }))}
        value={kind}
        onChange={(k: Kind) => onChange({ ...row, value: startOf(k) })}
        style={{ width: 130 }}
      />
      <ValueInput row={row} onChange={(value) => onChange({ ...row, value })} />
      <Button type="link" size="small" aria-label={t('modeling.behaviour.removeSetField')} onClick={onRemove}>
        {t('modeling.field.remove')}
      </Button>
    </Space>
  );
}

/** The field → value map of a `set` effect, as a form control (value/onChange from Form.Item). */
export function SetValuesInput({ value, onChange }: { value?: Values; onChange?: (values: Values) => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() => toRows(value));
  const emitted = useRef(JSON.stringify(value ?? {}));
  // A value from outside (a reset, a reload) replaces the rows; one this control emitted does not.
  useEffect(() => {
    if (JSON.stringify(value ?? {}) !== emitted.current) {
      emitted.current = JSON.stringify(value ?? {});
      setRows(toRows(value));
    }
  }, [value]);
  const change = (next: Row[]) => {
    setRows(next);
    emitted.current = JSON.stringify(named(next));
    onChange?.(named(next));
  };
  return (
    <Space direction="vertical" size={4}>
      {rows.map((row, i) => (
        <SetRow
          key={i}
          row={row}
          onChange={(r) => change(rows.map((old, j) => (j === i ? r : old)))}
          onRemove={() => change(rows.filter((_, j) => j !== i))}
        />
      ))}
      <Button size="small" type="dashed" onClick={() => change([...rows, { value: '' }])}>
        {t('modeling.behaviour.addSetField')}
      </Button>
    </Space>
  );
}
