import { menuGraftProblems } from './menuGraft';
import type { ColumnConfig, FilterNode, FormField, GridConfig, PageAction, PageDef } from './generated/meta-model';
import type { EntityModel } from './entityModel';
import { childEntity } from './childEntity';
import { contextDefaultProblem } from './contextDefaults';
import { checkLifecycleRules } from './lifecycleCheck';
import { checkRowFilter, checkRowScope, checkSqlFilter } from './rowScopeCheck';
import { checkReferenceFilter } from './referenceFilterCheck';
import { checkNumberOf } from './documentNumber';
import { checkLinePick } from './linePickCheck';
import { checkTimers } from './timerCheck';
import { checkHomeCharts } from './chartCheck';
import { checkRecordRules } from './recordRuleCheck';
import type { MetadataProblem } from './problems';
import type { MetadataCatalog } from './metadataCatalog';
import { REGISTERED_WIDGETS } from './widgetManifest';

type Report = (pointer: string, message: string) => void;

function checkFilter(entity: EntityModel, filter: FilterNode | undefined, pointer: string, report: Report) {
  checkRowFilter(entity, filter, pointer, report);
}

/** A polymorphic reference names its type field and entities that exist, each with a displayField to show. */
function checkPolymorphic(
  registry: MetadataCatalog,
  entity: EntityModel,
  f: EntityModel['fields'][number],
  at: string,
  report: Report,
) {
  const declared = f.polymorphic;
  if (!declared) return;
  if (!entity.field(declared.typeField))
    report(
      at,
      `polymorphic field "${f.name}" names type field "${declared.typeField}", which is not a field of ${entity.name}`,
    );
  for (const name of declared.entities) {
    const target = registry.entity(name);
    if (!target) report(at, `polymorphic field "${f.name}" names unknown entity "${name}"`);
    else if (!target.def.displayField)
      report(at, `polymorphic field "${f.name}" names ${name}, which has no displayField to show`);
  }
  for (const name of [declared.labelAs, declared.typeLabelAs])
    if (entity.field(name)) report(at, `polymorphic field "${f.name}" returns "${name}", which clashes with a field`);
}

const TEXT_TYPES = ['string', 'text'];

/** A textEn names another text field, on a text field the server alone writes (serverOnly). */
function checkTextEn(entity: EntityModel, f: EntityModel['fields'][number], at: string, report: Report) {
  if (!f.textEn) return;
  const twin = entity.field(f.textEn);
  if (!twin || twin.name === f.name || !TEXT_TYPES.includes(twin.type))
    report(at, `textEn of "${f.name}" names "${f.textEn}", which is not another text field of ${entity.name}`);
  if (!f.serverOnly || !TEXT_TYPES.includes(f.type))
    report(at, `textEn is for a serverOnly text field; "${f.name}" is not one`);
}

function checkEntity(registry: MetadataCatalog, entity: EntityModel, report: Report) {
  const seenColumns = new Map<string, string>();
  entity.fields.forEach((f, i) => {
    const at = f.system ? '/fields' : `/fields/${i - 1}`; // resolved fields are the primary key, the declared ones, then audit fields
    const other = seenColumns.get(f.column);
    if (other) report(at, `field "${f.name}" uses column "${f.column}" already used by "${other}"`);
    seenColumns.set(f.column, f.name);
    if (f.type === 'lookup' && !f.lookupType) report(at, `lookup field "${f.name}" has no lookupType`);
    if (f.lookupType && !registry.lookupType(f.lookupType))
      report(at, `lookupType "${f.lookupType}" of field "${f.name}" is not seeded`);
    if (f.type === 'reference' && !f.reference) report(at, `reference field "${f.name}" has no reference target`);
    const defaultProblem = contextDefaultProblem(f);
    if (defaultProblem) report(`${at}/default`, defaultProblem);
    if (f.reference) {
      const target = registry.entity(f.reference.entity);
      if (!target) report(at, `field "${f.name}" references unknown entity "${f.reference.entity}"`);
      else
        for (const key of [f.reference.valueField, f.reference.labelField, f.reference.labelFieldEn]) {
          if (key && !target.field(key))
            report(at, `field "${f.name}" uses "${key}", which is not a field of ${target.name}`);
        }
      for (const [local, source] of Object.entries(f.reference.copyFields ?? {})) {
        if (!entity.field(local))
          report(
            `${at}/reference/copyFields`,
            `copyFields of "${f.name}" fills "${local}", which is not a field of ${entity.name}`,
          );
        if (target && !target.field(source))
          report(
            `${at}/reference/copyFields`,
            `copyFields of "${f.name}" copies "${source}", which is not a field of ${target.name}`,
          );
      }
    }
  });
  entity.fields.forEach((f, i) => checkPolymorphic(registry, entity, f, `/fields/${i - 1}/polymorphic`, report));
  entity.fields.forEach((f, i) => checkTextEn(entity, f, `/fields/${i - 1}/textEn`, report));
  const seenNames = new Set<string>();
  for (const f of entity.fields) {
    if (seenNames.has(f.name))
      report('/fields', `field "${f.name}" is declared twice (or clashes with a system field)`);
    seenNames.add(f.name);
  }
  (entity.def.children ?? []).forEach((c, i) => {
    const child = registry.entity(c.entity);
    if (!child) report(`/children/${i}`, `child entity "${c.entity}" does not exist`);
    else if (!child.field(c.foreignKey))
      report(`/children/${i}`, `foreign key "${c.foreignKey}" is not a field of ${c.entity}`);
    if (entity.field(c.name)) report(`/children/${i}`, `child name "${c.name}" clashes with a field`);
  });
  if (entity.def.parent && !registry.entity(entity.def.parent))
    report('/parent', `parent entity "${entity.def.parent}" does not exist`);
  for (const key of ['statusField', 'displayField'] as const) {
    const name = entity.def[key];
    if (name && !entity.field(name)) report(`/${key}`, `"${name}" is not a field of ${entity.name}`);
  }
  if (entity.def.lifecycle && !registry.lifecycle(entity.def.lifecycle))
    report('/lifecycle', `lifecycle "${entity.def.lifecycle}" does not exist`);
  if (entity.def.lifecycle && !entity.def.statusField)
    report('/statusField', 'an entity with a lifecycle needs a statusField');
  const orderField = entity.def.defaultOrderBy?.split(' ')[0];
  if (orderField && !entity.field(orderField))
    report('/defaultOrderBy', `"${orderField}" is not a field of ${entity.name}`);
  (entity.def.indexes ?? []).forEach((ix, i) =>
    ix.fields.forEach((name) => {
      if (!entity.field(name)) report(`/indexes/${i}`, `index field "${name}" is not a field of ${entity.name}`);
    }),
  );
  checkRowScope(entity, (name) => registry.entity(name), report);
  entity.fields.forEach((f, i) => {
    checkReferenceFilter(entity, f, `/fields/${i - 1}/reference/filter`, (name) => registry.entity(name), report);
    checkNumberOf(entity, f, `/fields/${i - 1}/numberOf`, (name) => registry.entity(name), report);
  });
  checkFilter(entity, entity.def.deletableWhen, '/deletableWhen', report);
  checkFilter(entity, entity.def.editableWhen, '/editableWhen', report);
}

/** A grid column may show a field, a reference's label (labelAs) or a button/slot column. */
function columnKnown(entity: EntityModel, column: ColumnConfig): boolean {
  const key = column.field ?? column.key;
  if (!key || column.editType === 'button' || column.editType === 'viewSlot') return true;
  return !!entity.field(key) || entity.fields.some((f) => f.reference?.labelAs === key);
}

function checkGrid(registry: MetadataCatalog, entity: EntityModel, grid: GridConfig, at: string, report: Report) {
  grid.columns.forEach((column, i) => {
    if (!columnKnown(entity, column))
      report(`${at}/columns/${i}`, `column "${column.field ?? column.key}" is not a field of ${entity.name}`);
    if (column.lookup && !registry.lookupType(column.lookup.typeCode))
      report(`${at}/columns/${i}/lookup`, `lookup type "${column.lookup.typeCode}" is not seeded`);
  });
  const orderField = grid.orderBy?.split(' ')[0];
  if (orderField && !entity.field(orderField))
    report(`${at}/orderBy`, `"${orderField}" is not a field of ${entity.name}`);
  if (grid.filter) checkSqlFilter(entity, grid.filter, `${at}/filter`, report, (name) => registry.entity(name));
}

const formFieldName = (f: FormField) => (typeof f === 'string' ? f : f.field);

/** A widget named in metadata must be registered in the runtime ("Input.TextArea" through "Input"). */
export function widgetProblem(name: string, registered: readonly string[] = REGISTERED_WIDGETS): string | undefined {
  if (registered.includes(name.split('.')[0])) return undefined;
  return `widget "${name}" is not registered; registered widgets: ${[...registered].sort().join(', ')}`;
}

function checkWidgets(page: PageDef, report: Report) {
  const check = (name: string | undefined, pointer: string) => {
    const problem = name ? widgetProblem(name) : undefined;
    if (problem) report(pointer, problem);
  };
  check(page.widget, '/widget');
  page.search?.fields.forEach((s, i) => check(s.widget, `/search/fields/${i}/widget`));
  page.form?.sections?.forEach((section, si) =>
    section.fields.forEach((f, fi) => {
      if (typeof f !== 'string') check(f.widget, `/form/sections/${si}/fields/${fi}/widget`);
    }),
  );
  page.form?.lines?.forEach((lines, i) => check(lines.widget, `/form/lines/${i}/widget`));
}

function checkPage(registry: MetadataCatalog, page: PageDef, report: Report) {
  for (const key of ['editPage', 'detailPage', 'listPage'] as const) {
    const target = page[key];
    if (target && !registry.page(target)) report(`/${key}`, `page "${target}" does not exist`);
  }
  (page.references ?? []).forEach((name, i) => {
    if (!registry.entity(name)) report(`/references/${i}`, `entity "${name}" does not exist`);
  });
  checkWidgets(page, report);
  if (page.type === 'custom') {
    if (!page.widget) report('/widget', 'a custom page needs a widget');
    return;
  }
  const entity = page.entity ? registry.entity(page.entity) : undefined;
  if (!entity) {
    report('/entity', page.entity ? `entity "${page.entity}" does not exist` : 'a generated page needs an entity');
    return;
  }
  page.search?.fields.forEach((s, i) => {
    if (!entity.field(s.field))
      report(`/search/fields/${i}`, `search field "${s.field}" is not a field of ${entity.name}`);
  });
  if (page.grid) checkGrid(registry, entity, page.grid, '/grid', report);
  page.form?.sections?.forEach((section, si) =>
    section.fields.forEach((f, fi) => {
      if (!entity.field(formFieldName(f)))
        report(
          `/form/sections/${si}/fields/${fi}`,
          `form field "${formFieldName(f)}" is not a field of ${entity.name}`,
        );
    }),
  );
  page.form?.lines?.forEach((lines, li) => {
    const childModel = childEntity(registry, entity, lines.child, report, `/form/lines/${li}/child`);
    if (childModel) {
      checkGrid(registry, childModel, lines.grid, `/form/lines/${li}/grid`, report);
      if (lines.pick) checkLinePick(registry, page, entity, childModel, lines.pick, `/form/lines/${li}/pick`, report);
    }
  });
  page.actions?.forEach((a, i) => {
    checkFilter(entity, a.showWhen, `/actions/${i}/showWhen`, report);
    checkFilter(entity, a.disableWhen, `/actions/${i}/disableWhen`, report);
    checkFileAction(registry, entity, a, `/actions/${i}`, report);
  });
}

/** Actions the runtime performs itself, or runs its own way: none of them names a resource, a file or an upload. */
const NOT_ENDPOINT_ACTIONS = new Set([
  'create',
  'edit',
  'view',
  'export',
  'import',
  'openPage',
  'saveOrUpdate',
  'delete',
  'doBatchDelete',
]);

/**
 * resource, idField, file and upload of a page action (docs/developer-guide.md "File actions on pages"):
 * endpoint actions only; a file or upload action acts on one record, so it takes no prompt; an
 * attachment upload names the body field of the stored file, an xlsx upload offers .xlsx only; a
 * resource that names an entity is one of the page entity's area.
 */
function checkFileAction(registry: MetadataCatalog, entity: EntityModel, a: PageAction, at: string, report: Report) {
  const declared = (['resource', 'idField', 'file', 'upload'] as const).filter((key) => a[key] !== undefined);
  if (!declared.length) return;
  if (NOT_ENDPOINT_ACTIONS.has(a.action)) {
    report(at, `action "${a.action}" is not an endpoint action: it cannot declare ${declared.join(', ')}`);
    return;
  }
  const oneRecord = a.file !== undefined || a.upload !== undefined;
  if (oneRecord && a.prompt) report(`${at}/prompt`, 'a file or upload action cannot also ask for a text');
  if (a.idField && a.placement === 'toolbar' && !oneRecord)
    report(`${at}/idField`, 'a toolbar action sends the selected rows as ids: idField needs a file or upload action');
  const { upload } = a;
  if (upload?.send === 'attachment') {
    if (!upload.field) report(`${at}/upload`, 'an attachment upload needs the body field of the stored file (field)');
    else if (upload.field === (a.idField ?? 'id'))
      report(`${at}/upload/field`, `"${upload.field}" already carries the record's id`);
  }
  if (upload?.send === 'xlsx') {
    if (upload.field) report(`${at}/upload/field`, 'an xlsx upload is sent as the multipart file: it has no field');
    if (upload.accept && upload.accept !== '.xlsx') report(`${at}/upload/accept`, 'an xlsx upload accepts .xlsx only');
  }
  if (a.resource) {
    const target = registry.entity(a.resource.replace(/Restful$/, ''));
    if (target && target.area !== entity.area)
      report(`${at}/resource`, `${a.resource} is in area ${target.area}, not in ${entity.area} of ${entity.name}`);
  }
}

function checkLifecycles(registry: MetadataCatalog, problems: MetadataProblem[]) {
  for (const lc of registry.lifecycles()) {
    const report: Report = (pointer, message) => problems.push({ document: registry.source(lc), pointer, message });
    const states = new Set(lc.states);
    const lookup = registry.lookupType(lc.statusLookup);
    if (!lookup) report('/statusLookup', `lookup type "${lc.statusLookup}" is not seeded`);
    const codes = new Set(lookup?.values.map((v) => v.lookupCode));
    lc.states.forEach((s, i) => {
      if (lookup && !codes.has(s)) report(`/states/${i}`, `state "${s}" is not a value of ${lc.statusLookup}`);
    });
    if (!states.has(lc.initial)) report('/initial', `initial state "${lc.initial}" is not one of the states`);
    lc.transitions.forEach((t, i) => {
      for (const s of [...t.from, t.to])
        if (!states.has(s)) report(`/transitions/${i}`, `state "${s}" of ${t.action} is not one of the states`);
    });
  }
}

function checkMenus(registry: MetadataCatalog, problems: MetadataProblem[]) {
  const codes = new Set<string>();
  const visit = (menu: import('./generated/meta-model').MenuDef, at: string, source: string) => {
    if (codes.has(menu.menuCode))
      problems.push({ document: source, pointer: at, message: `menuCode "${menu.menuCode}" is used twice` });
    codes.add(menu.menuCode);
    if (menu.menuType === 'PAGE' && (!menu.htmlUrl || !registry.page(menu.htmlUrl.split('?')[0]))) {
      problems.push({
        document: source,
        pointer: at,
        message: `menu "${menu.menuCode}" opens page "${menu.htmlUrl ?? ''}", which does not exist`,
      });
    }
    menu.children?.forEach((c, i) => visit(c, `${at}/children/${i}`, source));
  };
  // menuEntries() joins every menuSet document's entries as written; pointers count within each.
  const next = new Map<string, number>();
  const pointerOf = registry.menuEntries().map((m) => {
    const source = registry.source(m);
    const i = next.get(source) ?? 0;
    next.set(source, i + 1);
    visit(m, `/menus/${i}`, source);
    return { source, at: `/menus/${i}` };
  });
  for (const { index, pointer, message } of menuGraftProblems(registry.menuEntries()))
    problems.push({ document: pointerOf[index].source, pointer: `${pointerOf[index].at}/${pointer}`, message });
}

/** Cross-document checks: every page's entity and fields exist, lookups are seeded, references resolve. */
export function crossCheck(registry: MetadataCatalog): MetadataProblem[] {
  const problems: MetadataProblem[] = [];
  for (const entity of registry.entities()) {
    checkEntity(registry, entity, (pointer, message) =>
      problems.push({ document: registry.source(entity), pointer, message }),
    );
  }
  for (const page of registry.pages()) {
    checkPage(registry, page, (pointer, message) =>
      problems.push({ document: registry.source(page), pointer, message }),
    );
  }
  checkLifecycles(registry, problems);
  checkLifecycleRules(registry, problems);
  checkRecordRules(registry, problems);
  checkTimers(registry, problems);
  checkMenus(registry, problems);
  checkHomeCharts(registry, problems);
  return problems;
}
