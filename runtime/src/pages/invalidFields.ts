/**
 * What a failed validation says in its message: each invalid field by its label (and line
 * number, for a cell of a line grid) with the rule it broke — "请检查标红的字段：「标题」必填" —
 * so the user knows what to fix even when the field is scrolled out of sight.
 */
import type { Form, IFormFeedback } from '@formily/core';
import type { TFunction } from 'i18next';

/** Shown at most; the rest are marked red on the form. */
const MAX_NAMED = 3;

/** The field's label (its schema title), else its path. */
function labelOf(form: Form, path: string): string {
  const field = form.query(path).take();
  const title = field && 'title' in field ? field.title : undefined;
  return typeof title === 'string' && title ? title : path;
}

/** lines.0.quantity → line 1 (the last numeric segment), else null for a header field. */
function lineOf(path: string): number | null {
  const index = path
    .split('.')
    .reverse()
    .find((part) => /^\d+$/.test(part));
  return index === undefined ? null : Number(index) + 1;
}

export function describeInvalidFields(form: Form, feedbacks: IFormFeedback[], t: TFunction): string {
  const errors = feedbacks.filter(
    (feedback) => feedback.type === 'error' && feedback.path && feedback.messages?.length,
  );
  if (!errors.length) return t('record.fixErrors');
  const named = errors.slice(0, MAX_NAMED).map((feedback) => {
    const path = String(feedback.path);
    const vars = { label: labelOf(form, path), message: String(feedback.messages![0]), row: lineOf(path) };
    return vars.row === null ? t('record.invalidField', vars) : t('record.invalidLineField', vars);
  });
  const list = named.join(t('record.invalidSeparator')) + (errors.length > MAX_NAMED ? '…' : '');
  return t('record.fixErrorsNamed', { list });
}
