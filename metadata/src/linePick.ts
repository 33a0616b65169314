/**
 * Adding lines from another document (FormLines.pick, page.schema.json "linePick"): the rules the
 * metadata check, the server and the runtime share. A pick names a source entity, the columns its
 * picker shows, a filter whose `$form.x` values come from the header, a map from line fields to
 * source fields, and the line field (key) holding the source row's key.
 */
import type { FilterNode, LinePick, PageDef } from './generated/meta-model';
import { filterFields } from './filter';
import { resolveFormFilter } from './referenceFilter';

/** What the pick rules read of an entity: its key and fields (an EntityModel or a client EntityDef). */
export interface PickEntity {
  primaryKey: string;
  fields: readonly { name: string; reference?: { labelAs?: string } }[];
}

type Values = Record<string, unknown>;

/** The reference field whose joined label is `name` (reference.labelAs), if any. */
export function labelOwner(entity: PickEntity, name: string): string | undefined {
  if (entity.fields.some((f) => f.name === name)) return undefined;
  return entity.fields.find((f) => f.reference?.labelAs === name)?.name;
}

/** Whether `name` is a field of the entity or the label one of its references joins. */
export function pickName(entity: PickEntity, name: string): boolean {
  return entity.fields.some((f) => f.name === name) || !!labelOwner(entity, name);
}

/**
 * Everything the picker reads of the source: its key, the grid's columns, the map's sources, the
 * filter's and the order's fields — and for a reference label, the reference field it is joined
 * through. The server lets a menu holding the pick read these and no more.
 */
export function pickFields(pick: LinePick, source: PickEntity): Set<string> {
  const names = new Set<string>([source.primaryKey]);
  const add = (name: string | undefined) => {
    if (!name || !pickName(source, name)) return;
    names.add(name);
    const owner = labelOwner(source, name);
    if (owner) names.add(owner);
  };
  pick.grid.columns.forEach((c) => add(c.field ?? c.key));
  Object.values(pick.map).forEach(add);
  filterFields(pick.filter).forEach(add);
  add(pick.grid.orderBy?.split(' ')[0]);
  return names;
}

/** The source field the map fills the key from (normally the source's primary key). */
export function pickKeySource(pick: LinePick): string | undefined {
  return pick.map[pick.key];
}

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** The source keys already on the document (the key field of its current lines). */
export function pickedKeys(pick: LinePick, lines: readonly Values[]): (string | number)[] {
  return [
    ...new Set(
      lines.map((l) => l[pick.key]).filter((v): v is string | number => typeof v === 'number' || typeof v === 'string'),
    ),
  ].filter((v) => !blank(v));
}

export interface PickQuery {
  /** The filter to search with: the pick's, resolved from the header, without the rows already on the document. */
  filter?: FilterNode;
  /** The header fields the pick's filter names that have no value yet: nothing is searched until they do. */
  missing: string[];
}

/** The picker's search: `$form.x` from the header's values, and the rows whose key is already a line left out. */
export function pickQuery(pick: LinePick, header: (name: string) => unknown, lines: readonly Values[]): PickQuery {
  const { filter, blank: missing } = resolveFormFilter(pick.filter, header);
  if (missing.length) return { missing };
  const keySource = pickKeySource(pick);
  const taken = pickedKeys(pick, lines);
  const exclude: FilterNode | undefined =
    keySource && taken.length ? { field: keySource, op: 'nin', value: taken } : undefined;
  const parts = [filter, exclude].filter((p): p is FilterNode => !!p);
  return { filter: parts.length > 1 ? { and: parts } : parts[0], missing: [] };
}

/** One new line per picked row, in the order picked; a row whose key is already a line (or picked twice) is skipped. */
export function pickedLines(pick: LinePick, rows: readonly Values[], lines: readonly Values[]): Values[] {
  const keySource = pickKeySource(pick);
  const seen = new Set(pickedKeys(pick, lines).map(String));
  const result: Values[] = [];
  for (const row of rows) {
    const key = keySource ? row[keySource] : undefined;
    if (!blank(key) && seen.has(String(key))) continue;
    if (!blank(key)) seen.add(String(key));
    const line: Values = {};
    for (const [target, source] of Object.entries(pick.map)) line[target] = row[source] ?? null;
    result.push(line);
  }
  return result;
}

/** The resourceCode a pick needs: its own, else the page's saveOrUpdate button (the right to edit the page). */
export function pickResourceCode(page: PageDef, pick: LinePick): string | undefined {
  return pick.resourceCode ?? page.actions?.find((a) => a.action === 'saveOrUpdate')?.resourceCode;
}

/** The picks a page declares, with the line child each belongs to. */
export function pagePicks(page: PageDef): { child: string; pick: LinePick }[] {
  return (page.form?.lines ?? []).flatMap((l) => (l.pick ? [{ child: l.child, pick: l.pick }] : []));
}
