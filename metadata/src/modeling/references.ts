import type {
  EntityDef,
  FilterNode,
  FormField,
  GridConfig,
  LifecycleDef,
  MenuDef,
  PageDef,
} from '../generated/meta-model';
import { filterFields } from '../filter';
import type { EntityModel } from '../entityModel';
import { placeholders } from '../effects';
import type { MetadataRegistry } from '../registry';

/** Where a field is used, so that an administrator sees what retiring or purging it affects. */
export type ReferenceKind = 'page' | 'filter' | 'permission' | 'lifecycle' | 'menu' | 'entity';

export interface FieldReference {
  kind: ReferenceKind;
  /** entity:…, page:…, lifecycle:… or menu:{menuCode} */
  document: string;
  pointer: string;
  message: string;
}

type Add = (kind: ReferenceKind, pointer: string, message: string) => void;

const uses = (filter: FilterNode | undefined, field: string) => filterFields(filter).includes(field);

function gridReferences(grid: GridConfig | undefined, field: string, at: string, add: Add): void {
  grid?.columns.forEach((c, i) => {
    if ((c.field ?? c.key) === field) add('page', `${at}/columns/${i}`, `grid column "${field}"`);
  });
  if (grid?.orderBy?.split(' ')[0] === field) add('page', `${at}/orderBy`, 'grid sort order');
  if (grid?.searchParams && Object.hasOwn(grid.searchParams, field))
    add('filter', `${at}/searchParams/${field}`, 'fixed list filter of the page');
}

function pageReferences(registry: MetadataRegistry, page: PageDef, entity: string, field: string, add: Add): void {
  const lines = page.entity ? (registry.entity(page.entity)?.children ?? []) : [];
  page.form?.lines?.forEach((l, i) => {
    if (lines.find((c) => c.name === l.child)?.entity === entity)
      gridReferences(l.grid, field, `/form/lines/${i}/grid`, add);
  });
  if (page.entity !== entity) return;
  gridReferences(page.grid, field, '/grid', add);
  page.search?.fields.forEach((s, i) => {
    if (s.field === field) add('page', `/search/fields/${i}`, 'search field');
  });
  page.form?.sections?.forEach((s, si) =>
    s.fields.forEach((f: FormField, fi) => {
      if ((typeof f === 'string' ? f : f.field) === field)
        add('page', `/form/sections/${si}/fields/${fi}`, 'form field');
    }),
  );
  page.actions?.forEach((a, i) => {
    for (const key of ['showWhen', 'disableWhen'] as const) {
      if (uses(a[key], field))
        add('permission', `/actions/${i}/${key}`, `button ${a.resourceCode ?? a.action} (${key})`);
    }
  });
}

function entityReferences(def: EntityDef, field: string, add: Add): void {
  if (def.statusField === field) add('entity', '/statusField', 'status field');
  if (def.displayField === field) add('entity', '/displayField', 'display field');
  if (def.defaultOrderBy?.split(' ')[0] === field) add('entity', '/defaultOrderBy', 'default sort order');
  def.indexes?.forEach((ix, i) => {
    if (ix.fields.includes(field)) add('entity', `/indexes/${i}`, 'index');
  });
  if (def.rowScope?.supplierField === field)
    add('filter', '/rowScope/supplierField', 'row scope (supplier users see their own rows)');
  if (uses(def.rowScope?.supplierVisible, field)) add('filter', '/rowScope/supplierVisible', 'row scope filter');
  if (uses(def.rowScope?.internalVisible, field)) add('filter', '/rowScope/internalVisible', 'row scope filter');
  if (uses(def.deletableWhen, field)) add('filter', '/deletableWhen', 'delete guard');
  if (uses(def.editableWhen, field)) add('filter', '/editableWhen', 'edit guard');
}

function otherEntityReferences(other: EntityModel, entity: string, field: string, add: Add): void {
  other.def.fields.forEach((f, i) => {
    const r = f.reference;
    if (r?.entity === entity && [r.valueField, r.labelField, r.labelFieldEn].includes(field))
      add('entity', `/fields/${i}/reference`, `reference field "${f.name}"`);
  });
  other.children.forEach((c, i) => {
    if (c.entity === entity && c.foreignKey === field)
      add('entity', `/children/${i}/foreignKey`, `lines "${c.name}" foreign key`);
  });
}

function lifecycleReferences(lc: LifecycleDef, field: string, add: Add): void {
  lc.transitions.forEach((t, i) => {
    if (uses(t.guard, field)) add('lifecycle', `/transitions/${i}/guard`, `guard of ${t.action}`);
  });
  const rule = lc.approvalRule;
  if (rule?.billNumberField === field) add('lifecycle', '/approvalRule/billNumberField', 'approval bill number');
  if (rule && placeholders(`${rule.billLink} ${rule.title.cn} ${rule.title.en}`).includes(field))
    add('lifecycle', '/approvalRule', 'approval to-do title or link');
}

function menuReferences(menus: MenuDef[], pagePaths: Set<string>, add: (code: string, message: string) => void): void {
  const visit = (m: MenuDef) => {
    const path = m.htmlUrl?.split('?')[0];
    if (path && pagePaths.has(path))
      add(
        m.menuCode,
        `menu opens page "${path}"${m.resources?.length ? ` with buttons ${m.resources.map((r) => r.resourceCode).join(', ')}` : ''}`,
      );
    m.children?.forEach(visit);
  };
  menus.forEach(visit);
}

/** Every place in the registry that names `field` of `entity`: pages, filters, permissions, lifecycles, menus. */
export function findFieldReferences(registry: MetadataRegistry, entity: string, field: string): FieldReference[] {
  const found: FieldReference[] = [];
  const adder =
    (document: string): Add =>
    (kind, pointer, message) =>
      found.push({ kind, document, pointer, message });
  const model = registry.entity(entity);
  if (model) entityReferences(model.def, field, adder(`entity:${entity}`));
  for (const other of registry.entities()) otherEntityReferences(other, entity, field, adder(`entity:${other.name}`));
  for (const page of registry.pages()) pageReferences(registry, page, entity, field, adder(`page:${page.path}`));
  const lifecycle = model?.def.lifecycle ? registry.lifecycle(model.def.lifecycle) : undefined;
  if (lifecycle) lifecycleReferences(lifecycle, field, adder(`lifecycle:${lifecycle.name}`));
  const pagePaths = new Set(
    found.filter((r) => r.document.startsWith('page:')).map((r) => r.document.slice('page:'.length)),
  );
  menuReferences(registry.menus(), pagePaths, (code, message) =>
    found.push({ kind: 'menu', document: `menu:${code}`, pointer: '/', message }),
  );
  return found;
}

/** Pages (paths) among the references: the server looks up admin-made menus (data rows) that open them. */
export function referencedPages(references: FieldReference[]): string[] {
  return [
    ...new Set(references.filter((r) => r.document.startsWith('page:')).map((r) => r.document.slice('page:'.length))),
  ];
}
