/**
 * Search values a list page opens with, from its URL query: a parameter that names one of the
 * page's search fields pre-fills it (purCustomerOrderList?feedbackStatus=PENDING_FEEDBACK, the
 * supplier's to-do links), so the user sees the condition in the search form and can clear it.
 * A field's queryAliases turn a code into the value it stands for (status=CLOSE_CANCEL → the
 * statuses CLOSED and CANCELLED). Parameters that name no search field are ignored, and so are
 * the shell's own (menuId, respId: the screen and responsibility, navigation.ts) even where a
 * search field has that name — the button list's 菜单 (menuId) would otherwise open filtered to the
 * button screen's own menu, showing its id.
 */
import type { EntityDef, SearchField } from '../meta';
import { findField, syntheticField } from './entityFields';
import { searchOp } from './searchSchema';

function valueOf(searchField: SearchField, raw: string, entity: EntityDef): unknown {
  const alias = searchField.queryAliases?.[raw];
  const field = findField(entity, searchField.field) ?? syntheticField(searchField.field);
  const op = searchOp(searchField, field);
  if (op === 'between') return undefined;
  if (op === 'in') return alias === undefined ? raw.split(',').filter(Boolean) : [alias].flat();
  if (alias !== undefined) return Array.isArray(alias) ? undefined : alias;
  return raw;
}

const SHELL_PARAMETERS = new Set(['menuId', 'respId']);

export function searchValuesFromQuery(
  fields: SearchField[],
  query: URLSearchParams,
  entity: EntityDef,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const searchField of fields) {
    if (SHELL_PARAMETERS.has(searchField.field)) continue;
    const raw = query.get(searchField.field);
    if (raw === null || raw === '') continue;
    const value = valueOf(searchField, raw, entity);
    if (value !== undefined) values[searchField.field] = value;
  }
  return values;
}
