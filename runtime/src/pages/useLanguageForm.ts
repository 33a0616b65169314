/**
 * A Formily form that is rebuilt when the language changes. Formily keeps each field's title
 * and component props from when the field was first created, so new labels need new fields;
 * the values typed so far are carried over to the new form.
 */
import { createForm, type Form } from '@formily/core';
import { useMemo, useRef } from 'react';
import { useLanguage } from '../i18n';
import { stripFormilyInternals } from '../schema/cleanRecord';

/** `initialValues`: the values of the first form (later forms carry over the values typed so far). */
export function useLanguageForm(readPretty = false, initialValues?: Record<string, unknown>): Form {
  const language = useLanguage();
  const previous = useRef<Form | null>(null);
  const form = useMemo(() => {
    const values = previous.current ? stripFormilyInternals({ ...previous.current.values }) : initialValues;
    return createForm({ readPretty, values });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- language is a dependency on purpose: new labels need new fields
  }, [readPretty, language]);
  previous.current = form;
  return form;
}
