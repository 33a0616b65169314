/**
 * The app's date picker for forms that are not Formily's (antd Form, dialogs): the same antd
 * DatePicker the generated pages use (LabelledDatePicker), holding the field value as the server
 * writes it, 'YYYY-MM-DD'. A browser's own `<input type="date">` shows its locale's mm/dd/yyyy and
 * a different calendar on each browser; ESLint refuses it in the runtime (eslint.config.mjs).
 */
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT } from '../schema/fieldComponent';

export interface DateInputProps {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  'aria-label'?: string;
  style?: React.CSSProperties;
}

/** The field value as a day, or nothing for an empty or unreadable one. */
export function dayOf(value: unknown): Dayjs | null {
  const text = typeof value === 'string' ? value.slice(0, 10) : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = dayjs(text);
  return day.isValid() && day.format(DATE_FORMAT) === text ? day : null;
}

export function DateInput({ value, onChange, ...rest }: DateInputProps) {
  return (
    <DatePicker
      {...rest}
      value={dayOf(value)}
      format={DATE_FORMAT}
      onChange={(day) => onChange?.(day ? day.format(DATE_FORMAT) : undefined)}
    />
  );
}
