/**
 * A checkbox that holds 'Y' or 'N' only (docs/architecture.md "Spec: states", "Spec: messages"). Any other
 * value is shown
 * as unchecked with the spec's message, and is never written back.
 */
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlagIcon } from './FlagIcon';

export const YN_TRUE = 'Y';
export const YN_FALSE = 'N';
/** docs/architecture.md "Spec: messages", 'Bad checkbox value'. */
export const YN_VALUE_ERROR = 'Value should be trueValue or falseValue.';

export interface YNCheckboxProps {
  value?: unknown;
  onChange?: (value: 'Y' | 'N') => void;
  disabled?: boolean;
  'aria-label'?: string;
  children?: React.ReactNode;
}

export function isYNValue(value: unknown): boolean {
  return value === YN_TRUE || value === YN_FALSE || value === undefined || value === null || value === '';
}

export function YNCheckboxBase({ value, onChange, disabled, children, ...rest }: YNCheckboxProps) {
  const { t } = useTranslation();
  const valid = isYNValue(value);
  return (
    <span>
      <Checkbox
        aria-label={rest['aria-label']}
        checked={value === YN_TRUE}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked ? YN_TRUE : YN_FALSE)}
      >
        {children}
      </Checkbox>
      {!valid && (
        <span role="alert" style={{ color: '#ff4d4f', marginLeft: 8 }}>
          {t('validation.checkboxValue', { defaultValue: YN_VALUE_ERROR })}
        </span>
      )}
    </span>
  );
}

export const YNCheckbox = connect(
  YNCheckboxBase,
  mapProps((props, field) => ({
    ...props,
    'aria-label': (props as YNCheckboxProps)['aria-label'] ?? (field as { title?: string }).title,
    disabled: (props as YNCheckboxProps).disabled || (field as { readOnly?: boolean }).readOnly,
  })),
  mapReadPretty(FlagIcon),
);
