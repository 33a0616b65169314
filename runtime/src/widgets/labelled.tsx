/**
 * Formily's FormItem draws its label without `for`, so inputs would have no accessible name.
 * These wrappers give each input the field title as aria-label (tests and screen readers
 * find fields by label).
 */
import { DatePicker, Input, NumberPicker } from '@formily/antd-v5';
import { useField } from '@formily/react';
import type { ComponentType } from 'react';
import { withNumberDisplay } from './NumberField';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props object; `unknown` values would reject every component (props are contravariant)
function labelled<P extends Record<string, any>>(Component: ComponentType<P>, name: string): ComponentType<P> {
  function Labelled(props: P) {
    const field = useField() as { title?: string } | undefined;
    return <Component aria-label={field?.title} {...props} />;
  }
  Labelled.displayName = `Labelled(${name})`;
  return Labelled;
}

export const LabelledInput = Object.assign(labelled(Input, 'Input'), {
  TextArea: labelled(Input.TextArea, 'Input.TextArea'),
});

/** Read-pretty, numbers show by their type (NumberField). */
export const LabelledNumberPicker = withNumberDisplay(labelled(NumberPicker, 'NumberPicker'));

export const LabelledDatePicker = Object.assign(labelled(DatePicker, 'DatePicker'), {
  RangePicker: labelled(DatePicker.RangePicker, 'DatePicker.RangePicker'),
});
