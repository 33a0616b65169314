import type { EntityModel, Language } from '@meridian/metadata';
import { boundsErrors, type FieldError } from '@meridian/metadata/node';
import { Errors } from '../http/apiError';

/** A record's lines as the writer holds them: the child's name, its entity and each line's values. */
export interface WrittenLines {
  name: string;
  entity: EntityModel;
  rows: Array<Record<string, unknown>>;
}

/**
 * Refuses (400 naming each field, "lines[0].newPrice" for a line) values outside their field's
 * declared bounds, checked on what is about to be written rather than on the request body: values
 * that hooks, formulas and handlers compute go through here too.
 */
export function assertWrittenValues(
  entity: EntityModel,
  values: Record<string, unknown>,
  language: Language,
  lines: WrittenLines[] = [],
  prefix = '',
): void {
  const errors: FieldError[] = boundsErrors(entity, values, language, prefix);
  for (const child of lines)
    child.rows.forEach((row, i) =>
      errors.push(...boundsErrors(child.entity, row, language, `${prefix}${child.name}[${i}].`)),
    );
  if (errors.length) throw Errors.validation(errors);
}
