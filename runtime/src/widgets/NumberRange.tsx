/** Two decimal inputs for a `between` search on numbers; the value is [from, to] as strings. */
import { connect, mapProps } from '@formily/react';
import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface NumberRangeProps {
  value?: [string | undefined, string | undefined];
  onChange?: (value: [string | undefined, string | undefined]) => void;
  'aria-label'?: string;
}

export function NumberRangeBase({ value, onChange, ...rest }: NumberRangeProps) {
  const { t } = useTranslation();
  const [from, to] = value ?? [undefined, undefined];
  const name = rest['aria-label'] ?? '';
  const set = (index: 0 | 1, next: string | null) => {
    const range: [string | undefined, string | undefined] = [from, to];
    range[index] = next ?? undefined;
    onChange?.(range);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber<string>
        stringMode
        aria-label={`${name} ${t('common.rangeFrom')}`.trim()}
        placeholder={t('common.rangeFrom')}
        value={from}
        onChange={(next) => set(0, next)}
        style={{ width: '50%' }}
      />
      <InputNumber<string>
        stringMode
        aria-label={`${name} ${t('common.rangeTo')}`.trim()}
        placeholder={t('common.rangeTo')}
        value={to}
        onChange={(next) => set(1, next)}
        style={{ width: '50%' }}
      />
    </Space.Compact>
  );
}

export const NumberRange = connect(
  NumberRangeBase,
  mapProps((props, field) => ({ ...props, 'aria-label': (props as NumberRangeProps)['aria-label'] ?? field.title })),
);
