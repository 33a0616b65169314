/**
 * A reference's declared filter (FieldDef.reference.filter): the target rows a field may name.
 * Its values may name `$form.<field>` — a field of the record being edited or, on a line, of its
 * header — and `$user.*`. The runtime resolves `$form` from the form before it searches; the
 * server from the record being saved before it checks; `$user` is always left to the server,
 * which knows the session.
 */
import type { FilterNode } from './generated/meta-model';
import { filterConditions, isCondition, isParentNode } from './filter';

const FORM_PREFIX = '$form.';

/** The field a value such as "$form.companyId" names, or undefined for anything else. */
export function formVariable(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith(FORM_PREFIX) ? value.slice(FORM_PREFIX.length) : undefined;
}

/** The fields of the form a filter depends on: what it names as $form.x, in order, once each. */
export function formDependencies(filter: FilterNode | undefined): string[] {
  const names = filterConditions(filter).flatMap((c) =>
    (Array.isArray(c.value) ? c.value : [c.value]).map(formVariable),
  );
  return [...new Set(names.filter((n): n is string => !!n))];
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

export interface ResolvedReferenceFilter {
  /** The filter with every $form value replaced by the form's value (undefined when nothing is left). */
  filter?: FilterNode;
  /** The $form fields that had no value (their conditions are dropped when blank ones are allowed). */
  blank: string[];
}

/**
 * Replaces `$form.x` values with `valueOf(x)`. A condition whose form value is blank is dropped
 * when `dropBlank` (a search form: no company chosen means plants of any company) and kept
 * unresolved otherwise — the caller sees it in `blank` and does not search or save.
 */
export function resolveFormFilter(
  filter: FilterNode | undefined,
  valueOf: (name: string) => unknown,
  dropBlank = false,
): ResolvedReferenceFilter {
  const blank = new Set<string>();
  const visit = (node: FilterNode): FilterNode | undefined => {
    if (isCondition(node)) {
      const values = Array.isArray(node.value) ? node.value : [node.value];
      const names = values.map(formVariable).filter((n): n is string => !!n);
      const missing = names.filter((n) => isBlank(valueOf(n)));
      missing.forEach((n) => blank.add(n));
      if (missing.length) return dropBlank ? undefined : node;
      if (!names.length) return node;
      const resolve = (v: unknown) => (formVariable(v) ? valueOf(formVariable(v)!) : v);
      return { ...node, value: (Array.isArray(node.value) ? node.value.map(resolve) : resolve(node.value)) as never };
    }
    if (isParentNode(node)) return node;
    if ('not' in node) {
      const inner = visit(node.not);
      return inner && { not: inner };
    }
    const key = 'and' in node ? 'and' : 'or';
    const parts = ('and' in node ? node.and : node.or).map(visit).filter((n): n is FilterNode => !!n);
    if (!parts.length) return undefined;
    return parts.length === 1 ? parts[0] : ({ [key]: parts } as unknown as FilterNode);
  };
  const resolved = filter ? visit(filter) : undefined;
  return { filter: resolved, blank: [...blank] };
}

/** Where `$form.x` of a field is read: the record's own field when it has one, else its header's. */
export function formFieldLevel(
  name: string,
  ownHas: (name: string) => boolean,
  headerHas?: (name: string) => boolean,
): 'record' | 'header' | undefined {
  if (ownHas(name)) return 'record';
  return headerHas?.(name) ? 'header' : undefined;
}
