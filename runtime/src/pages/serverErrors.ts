/**
 * 400 answers carry errors:[{field, message}]. They are placed on the form's fields
 * (lines[0].qty and lines.0.qty both name the first line's qty); errors on unknown fields
 * are returned so the page can show them in its message.
 */
import type { Form } from '@formily/core';
import type { FieldError } from '../core/apiError';

export function normalizeFieldPath(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

export function applyServerErrors(form: Form, errors: FieldError[]): FieldError[] {
  const unplaced: FieldError[] = [];
  for (const error of errors) {
    const field = error.field ? form.query(normalizeFieldPath(error.field)).take() : undefined;
    if (field && 'setFeedback' in field) {
      // As a validation error of the input trigger, so that the next edit of the field clears it.
      field.setFeedback({ type: 'error', code: 'ValidateError', triggerType: 'onInput', messages: [error.message] });
    } else {
      unplaced.push(error);
    }
  }
  return unplaced;
}
