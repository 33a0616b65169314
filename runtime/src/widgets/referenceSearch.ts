/**
 * The server search behind a reference picker: the target's listByPage, `like` on its label
 * field, the display field it falls back to (a user by name or login) or its code
 * (ReferenceTarget.searchFields, so an item is found by its number too), ANDed with the field's declared filter as resolved from the form (reference.filter;
 * `$user` values are resolved by the server), one page at a time.
 */
import { getLanguage } from '../core/language';
import type { DataProvider } from '../core/dataProvider';
import type { DataRecord, FilterNode } from '../meta';
import type { ReferenceTarget } from '../schema/fieldComponent';
import { targetRowLabel } from '../schema/referenceLabel';

export interface ReferenceOption {
  value: string | number;
  label: string;
}

export interface ReferencePage {
  options: ReferenceOption[];
  /** More rows match than the pages fetched so far. */
  more: boolean;
}

export const SEARCH_ROWS = 20;

export interface SearchInput {
  text: string;
  /** The declared filter with `$form` values resolved. */
  filter?: FilterNode;
  pageIndex?: number;
}

/** Typed text matches any search field (a target without searchFields: its label field) or the label's fallback. */
function textFilter(target: ReferenceTarget, text: string): FilterNode | undefined {
  const declared = target.searchFields?.length ? target.searchFields : target.labelField ? [target.labelField] : [];
  const fields = [...new Set([...declared, ...(target.fallbackField ? [target.fallbackField] : [])])];
  const likes = fields.map((field): FilterNode => ({ field, op: 'like', value: text.trim() }));
  if (!text.trim() || !likes.length) return undefined;
  return likes.length > 1 ? { or: likes } : likes[0];
}

export function searchFilter(
  target: ReferenceTarget,
  text: string,
  declared: FilterNode | undefined,
): FilterNode | undefined {
  const like = textFilter(target, text);
  const parts = [like, declared].filter((p): p is FilterNode => !!p);
  return parts.length > 1 ? { and: parts } : parts[0];
}

export async function searchReferences(
  provider: DataProvider,
  target: ReferenceTarget,
  input: SearchInput,
): Promise<ReferencePage> {
  if (!target.area) return { options: [], more: false };
  const pageIndex = input.pageIndex ?? 1;
  const { rows, page } = await provider.listByPage<DataRecord>(
    { name: target.name, area: target.area },
    { params: {}, filter: searchFilter(target, input.text, input.filter), pageIndex, pageRows: SEARCH_ROWS },
  );
  const language = getLanguage();
  const options = rows.map((row) => ({
    value: row[target.valueField] as string | number,
    label: targetRowLabel(target, row, language),
  }));
  return { options, more: rows.length === SEARCH_ROWS && page.count > pageIndex * SEARCH_ROWS };
}
