/**
 * Number fields read by their type (core/format formatFieldNumber): read-pretty amounts show
 * their record's currency decimals, quantities and prices no padded zeros. Editing is left to
 * the wrapped NumberPicker with its precision rules; the two display props are not passed on.
 */
import type { Field } from '@formily/core';
import { PreviewText } from '@formily/antd-v5';
import { observer, useField } from '@formily/react';
import type { ComponentType } from 'react';
import { CURRENCY_LOOKUP, currencyDecimals } from '../core/currency';
import { formatFieldNumber, type NumberKind } from '../core/format';
import { useLookup } from '../core/LookupContext';
import { useLanguage } from '../i18n';

export interface NumberDisplayProps {
  /** The field's type; set by schema/fieldComponent. */
  numberKind?: NumberKind;
  /** Money: the sibling field holding the currency code. */
  currencyField?: string;
  /** The declared scale (NumberPicker's precision). */
  precision?: number;
  value?: unknown;
}

/** The currency code beside a money field in its record (a line's, or the header's). */
function siblingValue(field: Field, name: string | undefined): unknown {
  if (!name) return undefined;
  return field.form.getValuesIn(field.path.parent().concat(name));
}

const ReadPrettyNumber = observer(function ReadPrettyNumber({
  numberKind,
  currencyField,
  precision,
  value,
}: NumberDisplayProps) {
  const field = useField<Field>();
  const language = useLanguage();
  const currencies = useLookup(numberKind === 'money' && currencyField ? CURRENCY_LOOKUP : undefined);
  const decimals = currencyDecimals(currencies, siblingValue(field, currencyField));
  const kind = numberKind ?? 'decimal';
  const text = formatFieldNumber(value, language, {
    kind,
    scale: kind === 'money' ? (decimals ?? precision) : precision,
  });
  return <PreviewText.Input value={text} />;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props object; `unknown` values would reject every editor (props are contravariant)
export function withNumberDisplay<P extends Record<string, any>>(
  Editor: ComponentType<P>,
): ComponentType<P & NumberDisplayProps> {
  const NumberField = observer(function NumberField(props: P & NumberDisplayProps) {
    const field = useField<Field>();
    const { numberKind, currencyField, ...editorProps } = props;
    if (field?.pattern === 'readPretty')
      return (
        <ReadPrettyNumber
          numberKind={numberKind}
          currencyField={currencyField}
          precision={props.precision}
          value={props.value}
        />
      );
    return <Editor {...(editorProps as unknown as P)} />;
  });
  return NumberField as unknown as ComponentType<P & NumberDisplayProps>;
}
