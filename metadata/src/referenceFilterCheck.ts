import type { EntityModel } from './entityModel';
import type { ResolvedField } from './systemFields';
import { filterConditions } from './filter';
import { formDependencies, formFieldLevel } from './referenceFilter';
import { checkSqlFilter, parentLink } from './rowScopeCheck';

type Report = (pointer: string, message: string) => void;
type EntityLookup = (name: string) => EntityModel | undefined;

/** The variables a reference filter may name: the form's fields, the session's user and responsibility. */
const VARIABLE_ROOTS = ['$form.', '$user.', '$resp.'];

function variableProblems(field: ResolvedField): string[] {
  const values = filterConditions(field.reference?.filter).flatMap((c) =>
    Array.isArray(c.value) ? c.value : [c.value],
  );
  return values
    .filter(
      (v): v is string =>
        typeof v === 'string' &&
        v.startsWith('$') &&
        !VARIABLE_ROOTS.some((root) => v.startsWith(root) && v.length > root.length),
    )
    .map(
      (v) => `field "${field.name}" filter names "${v}": a filter variable is $form.<field>, $user.<name> or $resp.id`,
    );
}

/**
 * FieldDef.reference.filter: its conditions name real, filterable fields of the target (it is
 * compiled into the picker's search and the save check), and each `$form.x` names a field of
 * the same entity or, on a line, of its header — otherwise the picker would wait for a value
 * that never comes.
 */
export function checkReferenceFilter(
  entity: EntityModel,
  field: ResolvedField,
  at: string,
  lookup: EntityLookup,
  report: Report,
): void {
  const filter = field.reference?.filter;
  const target = field.reference ? lookup(field.reference.entity) : undefined;
  if (!filter || !target) return;
  checkSqlFilter(target, filter, at, (_p, message) => report(at, `field "${field.name}" filter: ${message}`), lookup);
  for (const name of new Set(filterConditions(filter).map((c) => c.field))) {
    if (target.field(name)?.secret)
      report(at, `field "${field.name}" filter: "${name}" of ${target.name} is secret and cannot be filtered on`);
  }
  variableProblems(field).forEach((message) => report(at, message));
  const header = parentLink(entity, lookup)?.header;
  for (const name of formDependencies(filter)) {
    if (name === field.name)
      report(at, `field "${field.name}" filter names $form.${name}: a field cannot depend on itself`);
    else if (!formFieldLevel(name, (n) => !!entity.field(n), header && ((n) => !!header.field(n)))) {
      report(
        at,
        `field "${field.name}" filter names $form.${name}, which is not a field of ${entity.name}${header ? ` or of its header ${header.name}` : ''}`,
      );
    }
  }
}
