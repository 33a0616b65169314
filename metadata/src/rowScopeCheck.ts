import type { FilterNode } from './generated/meta-model';
import type { EntityModel } from './entityModel';
import { filterFields, parentFilters } from './filter';
import { declaredScopeModes } from './rowScope';

type Report = (pointer: string, message: string) => void;
/** Looks an entity up by name (the registry, passed in so that this check imports no registry). */
type EntityLookup = (name: string) => EntityModel | undefined;

/** The header of a line entity and the line's foreign key to it, when both are declared. */
export function parentLink(
  entity: EntityModel,
  lookup: EntityLookup,
): { header: EntityModel; foreignKey: string } | undefined {
  const header = entity.def.parent ? lookup(entity.def.parent) : undefined;
  const child = header?.children.find((c) => c.entity === entity.name);
  return header && child && entity.field(child.foreignKey) ? { header, foreignKey: child.foreignKey } : undefined;
}

/** A filter the server compiles to SQL: its own fields, and `parent` bodies on the header's fields. */
export function checkSqlFilter(
  entity: EntityModel,
  filter: FilterNode | undefined,
  pointer: string,
  report: Report,
  lookup: EntityLookup,
): void {
  for (const name of filterFields(filter))
    if (!entity.field(name)) report(pointer, `filter field "${name}" is not a field of ${entity.name}`);
  const inner = parentFilters(filter);
  if (!inner.length) return;
  const link = parentLink(entity, lookup);
  if (!link) {
    report(pointer, `a "parent" condition needs a header: ${entity.name} has no parent with a child entry naming it`);
    return;
  }
  for (const node of inner) checkSqlFilter(link.header, node, pointer, report, lookup);
}

/** A filter evaluated on a row in memory (button rules, record guards): no header there. */
export function checkRowFilter(
  entity: EntityModel,
  filter: FilterNode | undefined,
  pointer: string,
  report: Report,
): void {
  for (const name of filterFields(filter))
    if (!entity.field(name)) report(pointer, `filter field "${name}" is not a field of ${entity.name}`);
  if (parentFilters(filter).length)
    report(
      pointer,
      'a "parent" condition can only be used in row scope and list filters, not in a rule checked on one row',
    );
}

/**
 * Row scope declarations: every exposed entity of the shipped metadata says how supplier users
 * may see it (closed by default otherwise, but silence is a mistake worth naming at load), in
 * exactly one way, with fields that exist (docs/developer-guide.md, "Row scope").
 */
export function checkRowScope(entity: EntityModel, lookup: EntityLookup, report: Report): void {
  const scope = entity.def.rowScope;
  const modes = declaredScopeModes(entity.def);
  const exposed = entity.def.exposed !== false;
  if (exposed && !modes.length && entity.source === 'file') {
    report(
      '/rowScope',
      `${entity.name} does not declare how supplier users may see it: set rowScope.supplierField (own rows), fromParent (through its header), shared (reference data) or internalOnly`,
    );
  }
  if (modes.length > 1) report('/rowScope', `rowScope declares ${modes.join(' and ')}: choose one`);
  if (scope?.supplierField && !entity.field(scope.supplierField))
    report('/rowScope/supplierField', `"${scope.supplierField}" is not a field of ${entity.name}`);
  if (scope?.supplierVisible && !scope.supplierField)
    report('/rowScope/supplierVisible', 'supplierVisible guards own rows: it needs supplierField');
  checkSqlFilter(entity, scope?.supplierVisible, '/rowScope/supplierVisible', report, lookup);
  checkSqlFilter(entity, scope?.internalVisible, '/rowScope/internalVisible', report, lookup);
  // A parent that is missing or does not list the line is reported on its own; at run time such a line is closed.
  if (scope?.fromParent && !entity.def.parent)
    report('/rowScope/fromParent', `fromParent needs a header: ${entity.name} has no parent`);
  for (const key of ['orgField', 'categoryField'] as const) {
    const name = scope?.[key];
    if (name && !entity.field(name)) report(`/rowScope/${key}`, `"${name}" is not a field of ${entity.name}`);
  }
}
