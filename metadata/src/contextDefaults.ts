/**
 * Defaults from context: a field's `default` may name a variable of the signed-in user's context
 * ("$user.userId", "$today" …) instead of a literal. The runtime applies it when a new record's form
 * opens, the server when a create omits the value, both through contextVariables + resolveFilterValue
 * — the resolver the filter language uses for "$user.supplierId" in row scopes and show rules.
 */
import type { FieldDef } from './generated/meta-model';
import { resolveFilterValue, type FilterVariables } from './filter';

type FieldType = FieldDef['type'];

/** The variables a default may name, with the field types each may fill. */
export const CONTEXT_DEFAULTS: Readonly<Record<string, readonly FieldType[]>> = {
  $today: ['date', 'datetime', 'string'],
  $now: ['datetime', 'string'],
  '$user.userId': ['reference', 'integer', 'string'],
  '$user.personId': ['reference', 'integer', 'string'],
  '$user.orgId': ['reference', 'integer', 'string'],
  '$user.supplierId': ['reference', 'integer', 'string'],
  '$user.userName': ['string'],
};

/** What the session knows of the user (the login answer's userInfo, the server's session user). */
export interface ContextUser {
  userId?: unknown;
  personId?: unknown;
  orgId?: unknown;
  supplierId?: unknown;
  [key: string]: unknown;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" and "YYYY-MM-DD HH:mm:ss" in local time: the date and datetime formats of the wire. */
export function localDateParts(date: Date): { today: string; now: string } {
  const today = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return { today, now: `${today} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` };
}

/**
 * The variables of a request or a screen: $user.*, $resp.id, $today and $now. Filters (show rules,
 * row scope, reference filters) and defaults read the same object.
 */
export function contextVariables(
  user: ContextUser | null | undefined,
  respId: unknown,
  date: Date = new Date(),
): FilterVariables {
  return { user: user ?? {}, resp: { id: respId ?? null }, ...localDateParts(date) };
}

export function isContextDefault(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('$');
}

/** The field's default in this context: its literal, or the variable's value (null when the context lacks it). */
export function resolveDefault(field: Pick<FieldDef, 'default'>, vars: FilterVariables): unknown {
  if (!isContextDefault(field.default)) return field.default;
  const value = resolveFilterValue(field.default, vars);
  return value === undefined || value === '' ? null : value;
}

/** Load-time check: an unknown variable, or one that cannot fill the field's type. */
export function contextDefaultProblem(field: Pick<FieldDef, 'name' | 'type' | 'default'>): string | undefined {
  if (!isContextDefault(field.default)) return undefined;
  const types = CONTEXT_DEFAULTS[field.default];
  if (!types)
    return `default "${field.default}" of field "${field.name}" is not a context variable; known: ${Object.keys(CONTEXT_DEFAULTS).join(', ')}`;
  if (!types.includes(field.type))
    return `default "${field.default}" cannot fill field "${field.name}" of type ${field.type}`;
  return undefined;
}
