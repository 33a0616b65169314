import type { EntityModel } from './entityModel';
import type { LinePick, PageDef } from './generated/meta-model';
import type { MetadataCatalog } from './metadataCatalog';
import { filterConditions } from './filter';
import { formDependencies } from './referenceFilter';
import { checkSqlFilter } from './rowScopeCheck';
import { pickName, pickResourceCode } from './linePick';

type Report = (pointer: string, message: string) => void;

const VARIABLE = /^\$(form|user|resp)\.\w/;

/**
 * FormLines.pick (docs/developer-guide.md "Adding lines from another document"): the source entity
 * exists and is exposed; the picker's columns, the map's sources and the filter's fields are
 * fields (or reference labels) of the source; the map's targets and the key are fields (or
 * reference labels) of the line; the key is filled from the source's primary key; each `$form.x`
 * of the filter is a header field; and a button guards it.
 */
export function checkLinePick(
  registry: MetadataCatalog,
  page: PageDef,
  header: EntityModel,
  line: EntityModel,
  pick: LinePick,
  at: string,
  report: Report,
): void {
  const source = registry.entity(pick.entity);
  if (!source) {
    report(`${at}/entity`, `pick source "${pick.entity}" is not an entity`);
    return;
  }
  if (source.def.exposed === false)
    report(`${at}/entity`, `pick source ${source.name} is not exposed: it has no listByPage to pick from`);
  pick.grid.columns.forEach((column, i) => {
    const name = column.field ?? column.key;
    if (name && !pickName(source, name))
      report(`${at}/grid/columns/${i}`, `pick column "${name}" is not a field of ${source.name}`);
    if (column.lookup && !registry.lookupType(column.lookup.typeCode))
      report(`${at}/grid/columns/${i}/lookup`, `lookup type "${column.lookup.typeCode}" is not seeded`);
  });
  if (pick.grid.filter)
    report(`${at}/grid/filter`, 'a pick says which rows it offers in its own "filter", not in its grid');
  const orderField = pick.grid.orderBy?.split(' ')[0];
  if (orderField && !source.field(orderField))
    report(`${at}/grid/orderBy`, `"${orderField}" is not a field of ${source.name}`);
  for (const [target, from] of Object.entries(pick.map)) {
    if (!pickName(line, target))
      report(`${at}/map`, `pick map fills "${target}", which is not a field of ${line.name}`);
    if (!pickName(source, from))
      report(`${at}/map`, `pick map reads "${from}", which is not a field of ${source.name}`);
  }
  if (!line.field(pick.key)) report(`${at}/key`, `pick key "${pick.key}" is not a field of ${line.name}`);
  else if (pick.map[pick.key] !== source.primaryKey)
    report(
      `${at}/key`,
      `pick key "${pick.key}" must be mapped from ${source.name}'s key "${source.primaryKey}" (map: {"${pick.key}": "${source.primaryKey}"})`,
    );
  if (pick.filter) {
    checkSqlFilter(source, pick.filter, `${at}/filter`, report, (name) => registry.entity(name));
    for (const name of new Set(filterConditions(pick.filter).map((c) => c.field)))
      if (source.field(name)?.secret) report(`${at}/filter`, `"${name}" of ${source.name} is secret`);
    for (const c of filterConditions(pick.filter))
      for (const v of Array.isArray(c.value) ? c.value : [c.value])
        if (typeof v === 'string' && v.startsWith('$') && !VARIABLE.test(v))
          report(
            `${at}/filter`,
            `pick filter names "${v}": a variable is $form.<header field>, $user.<name> or $resp.id`,
          );
    for (const name of formDependencies(pick.filter))
      if (!header.field(name))
        report(`${at}/filter`, `pick filter names $form.${name}, which is not a field of ${header.name}`);
  }
  if (!pickResourceCode(page, pick))
    report(`${at}/resourceCode`, 'a pick needs a resourceCode, or a saveOrUpdate action on its page to take it from');
}
