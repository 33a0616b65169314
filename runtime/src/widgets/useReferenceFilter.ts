/**
 * The declared filter of the reference being edited (reference.filter), its `$form.x` values
 * read from the same record — the same line for a line cell — or, for names the target marks as
 * the header's, from the form's root. Called in an observer: reading the values subscribes the
 * picker to them, so it follows the company it depends on.
 */
import { formDependencies, resolveFormFilter } from '@meridian/metadata';
import { useField, useForm } from '@formily/react';
import type { FilterNode } from '../meta';
import type { ReferenceTarget } from '../schema/fieldComponent';

export interface ReferenceFilterState {
  filter?: FilterNode;
  /** Titles of the fields the picker waits for (empty when it may search). */
  waitingFor: string[];
  /** Changes whenever the resolved filter does. */
  key: string;
}

interface PathLike {
  parent(): PathLike;
  concat(key: string): PathLike;
  toString(): string;
}

export function useReferenceFilter(target: ReferenceTarget | undefined, loose = false): ReferenceFilterState {
  const field = useField() as unknown as { path: PathLike };
  const form = useForm();
  const declared = target?.filter;
  if (!declared) return { waitingFor: [], key: '' };
  const pathOf = (name: string) =>
    target.headerFields?.includes(name) ? name : field.path.parent().concat(name).toString();
  const valueOf = (name: string) => form.getValuesIn(pathOf(name));
  const { filter, blank } = resolveFormFilter(declared, valueOf, loose);
  const titleOf = (name: string) => {
    const found = form.query(pathOf(name)).take() as { title?: unknown } | undefined;
    return typeof found?.title === 'string' && found.title ? found.title : name;
  };
  const waitingFor = loose
    ? []
    : formDependencies(declared)
        .filter((n) => blank.includes(n))
        .map(titleOf);
  return { filter: waitingFor.length ? undefined : filter, waitingFor, key: JSON.stringify(filter ?? null) };
}
