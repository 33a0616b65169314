/**
 * The dialog of a lifecycle action that takes input (lifecycle `input`: an appeal's reason, a
 * rectification's deadline): one field per input, labelled and typed as the entity's field
 * metadata says, required ones marked; OK stays disabled until they are filled. The values are
 * sent in the action's body next to id/ids, where the server checks them again (400 naming the field).
 */
import { Checkbox, Input, InputNumber } from 'antd';
import { useState, type ReactElement } from 'react';
import type { ClientLifecycle, DataRecord, EntityDef, I18NText } from '../meta';
import { DateInput } from '../widgets/DateInput';

export interface InputField {
  name: string;
  label: I18NText;
  type: string;
  required: boolean;
  maxLength?: number;
}

type TransitionOf = ClientLifecycle['transitions'][number];

/** The input fields of the transition an action runs, with their metadata (none for other actions). */
export function transitionInputFields(
  lifecycle: ClientLifecycle | undefined,
  action: string,
  entity: EntityDef,
): InputField[] {
  const t: TransitionOf | undefined = lifecycle?.transitions.find(
    (tr) => tr.action === action || tr.aliases?.includes(action),
  );
  return (t?.input ?? []).flatMap((input) => {
    const field = entity.fields.find((f) => f.name === input.field);
    if (!field || field.type === 'attachment') return [];
    // A required input with a default is filled by the server when left blank.
    const required = !!input.required && input.default === undefined;
    return [{ name: field.name, label: field.label, type: field.type, required, maxLength: field.maxLength }];
  });
}

const NUMERIC = new Set(['integer', 'decimal', 'money', 'quantity', 'percent']);

function widget(field: InputField, value: unknown, set: (v: unknown) => void, label: string): ReactElement {
  if (field.type === 'text')
    return <Input.TextArea rows={3} maxLength={field.maxLength ?? 2000} onChange={(e) => set(e.target.value)} />;
  if (field.type === 'date')
    return <DateInput value={value} onChange={set} aria-label={label} style={{ width: '100%' }} />;
  if (field.type === 'flag')
    return <Checkbox checked={value === 'Y'} onChange={(e) => set(e.target.checked ? 'Y' : 'N')} />;
  if (NUMERIC.has(field.type))
    return <InputNumber style={{ width: '100%' }} onChange={(v) => set(v === null ? undefined : String(v))} />;
  return <Input maxLength={field.maxLength} onChange={(e) => set(e.target.value)} />;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** Whether every required field has a value. */
export function inputComplete(fields: InputField[], values: DataRecord): boolean {
  return fields.every((f) => !f.required || !blank(values[f.name]));
}

/** The fields of the dialog; `onChange` gets every value after each edit. */
export function TransitionInputForm(props: {
  fields: InputField[];
  label: (l: InputField['label']) => string;
  onChange: (values: DataRecord) => void;
}): ReactElement {
  const [values, setValues] = useState<DataRecord>({});
  return (
    <div>
      {props.fields.map((field) => (
        <label key={field.name} style={{ display: 'block', marginTop: 8 }} data-field={field.name}>
          <span>
            {props.label(field.label)}
            {field.required ? ' *' : ''}
          </span>
          <div style={{ marginTop: 4 }}>
            {widget(
              field,
              values[field.name],
              (v) => {
                const next = { ...values, [field.name]: v };
                setValues(next);
                props.onChange(next);
              },
              props.label(field.label),
            )}
          </div>
        </label>
      ))}
    </div>
  );
}

/** The values to send: trimmed text, blanks left out (the server then applies the input's default). */
export function inputBody(values: DataRecord): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => !blank(v))
      .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  );
}
