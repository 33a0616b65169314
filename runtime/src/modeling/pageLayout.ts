/**
 * The list / edit / detail pages the designer proposes for an entity, ported from the screen
 * scaffolder (generators/src/scaffold/pages.cjs) so that designed screens look like the
 * hand-written SRM pages: spec grid properties, search fields, the usual buttons.
 */
import type {
  ColumnConfig,
  EntityDef,
  FieldDef,
  FormDef,
  PageAction,
  PageDef,
  SearchField,
  TransitionDef,
} from '../meta';

const LIST_COLUMNS = 10;
const SEARCH_FIELDS = 4;

const label = (cn: string, en: string) => ({ cn, en });

/** The buttons a designed page may offer, by resource code (the admin ticks which). */
export const STANDARD_ACTIONS: Record<string, PageAction> = {
  btnAdd: {
    action: 'create',
    resourceCode: 'btnAdd',
    label: label('新增', 'New'),
    placement: 'toolbar',
    buttonType: 'primary',
  },
  btnEdit: {
    action: 'edit',
    resourceCode: 'btnEdit',
    label: label('编辑', 'Edit'),
    placement: 'row',
    buttonType: 'link',
  },
  btnView: {
    action: 'view',
    resourceCode: 'btnView',
    label: label('查看', 'View'),
    placement: 'row',
    buttonType: 'link',
  },
  btnDelete: {
    action: 'delete',
    resourceCode: 'btnDelete',
    label: label('删除', 'Delete'),
    placement: 'row',
    buttonType: 'link',
    danger: true,
    confirm: label('确定删除该记录吗？', 'Delete this record?'),
  },
  btnSave: {
    action: 'saveOrUpdate',
    resourceCode: 'btnSave',
    label: label('保存', 'Save'),
    placement: 'form',
    buttonType: 'primary',
  },
};
export const LIST_ACTION_CODES = ['btnAdd', 'btnEdit', 'btnView', 'btnDelete'];

/**
 * A lifecycle transition as a page button: on the list's rows, or on the edit page's form. The
 * server adds where it shows (the transition's from-states) and the comment prompt of a decision,
 * so the page does not repeat the state machine.
 */
export function transitionAction(
  transition: Pick<TransitionDef, 'action' | 'resourceCode' | 'label'>,
  placement: 'row' | 'form',
): PageAction {
  return {
    action: transition.action,
    resourceCode: transition.resourceCode,
    label: transition.label ?? label(transition.action, transition.action),
    placement,
    ...(placement === 'row' && { buttonType: 'link' as const }),
  };
}

/** The buttons a page of this type may offer, by resource code: the standard ones, then the lifecycle's. */
export function offeredActions(type: PageDef['type'], transitions: TransitionDef[]): Record<string, PageAction> {
  if (type !== 'list' && type !== 'edit') return {};
  const standard = type === 'list' ? LIST_ACTION_CODES : ['btnSave'];
  const offered: Record<string, PageAction> = Object.fromEntries(
    standard.map((code) => [code, STANDARD_ACTIONS[code]]),
  );
  for (const t of transitions) offered[t.resourceCode] ??= transitionAction(t, type === 'list' ? 'row' : 'form');
  return offered;
}

const NUMERIC = ['money', 'decimal', 'quantity'];
const listable = (f: FieldDef) => !['json', 'text', 'attachment'].includes(f.type) && !f.retired;

export function columnOf(field: FieldDef): ColumnConfig {
  const col: ColumnConfig = { key: field.name, title: field.label, width: field.type === 'string' ? 160 : 120 };
  if (field.type === 'lookup' && field.lookupType) col.lookup = { typeCode: field.lookupType };
  if (NUMERIC.includes(field.type)) col.showThousandSeparator = true;
  if (field.type === 'reference' && field.reference?.labelAs) col.displayKey = field.reference.labelAs;
  return col;
}

export function searchFieldOf(field: FieldDef): SearchField {
  if (field.type === 'date' || field.type === 'datetime') return { field: field.name, op: 'between' };
  if (field.type === 'string') return { field: field.name, op: 'like' };
  return { field: field.name, op: 'eq' };
}

export function listPageOf(path: string, header: EntityDef, editPath: string): PageDef {
  const fields = header.fields.filter(listable);
  const searchable = fields
    .filter((f) => ['string', 'lookup', 'date', 'reference'].includes(f.type))
    .slice(0, SEARCH_FIELDS);
  return {
    metaVersion: 1,
    kind: 'page',
    path,
    type: 'list',
    entity: header.name,
    title: header.label,
    editMode: 'page',
    editPage: editPath,
    search: { fields: searchable.map(searchFieldOf) },
    grid: {
      columns: fields
        .slice(0, LIST_COLUMNS)
        .map((f, i) => ({ ...columnOf(f), ...(i === 0 && { linkTag: true, fixedStyle: 'left' as const }) })),
      pageSize: 20,
      isShowPage: true,
      selection: true,
      showIndex: true,
      operateSlot: true,
      toolbar: true,
      orderBy: `${header.primaryKey} desc`,
    },
    actions: LIST_ACTION_CODES.map((code) => STANDARD_ACTIONS[code]),
  };
}

const EDIT_TYPES: Record<string, string> = {
  lookup: 'lookup',
  reference: 'reference',
  date: 'date',
  datetime: 'date',
  flag: 'checkbox',
  integer: 'number',
  decimal: 'number',
  money: 'number',
  quantity: 'number',
};

export interface LineEntity {
  child: { name: string; label?: { cn: string; en: string }; foreignKey: string };
  entity: EntityDef;
}

/** A line grid's column: on an edit page with its edit widget and required check. */
export function lineColumnOf(field: FieldDef, readOnly: boolean): ColumnConfig {
  return {
    ...columnOf(field),
    ...(!readOnly && { editType: EDIT_TYPES[field.type] ?? 'input' }),
    ...(field.required && { validate: { required: true } }),
  };
}

export function formOf(header: EntityDef, lines: LineEntity[], readOnly = false): FormDef {
  const fields = header.fields
    .filter((f) => f.type !== 'json' && !f.retired)
    .map((f) => {
      const wide = f.type === 'text' || f.type === 'attachment';
      if (!readOnly && !wide) return f.name;
      return { field: f.name, ...(wide && { span: 3 }), ...(readOnly && { readOnly: true }) };
    });
  const form: FormDef = { columns: 3, sections: [{ title: label('基本信息', 'Basic information'), fields }] };
  if (lines.length) {
    form.lines = lines.map(({ child, entity }) => ({
      child: child.name,
      title: child.label ?? entity.label,
      grid: {
        columns: entity.fields
          .filter((f) => f.name !== child.foreignKey && listable(f))
          .map((f) => lineColumnOf(f, readOnly)),
        isEdit: !readOnly,
        showIndex: true,
        isShowPage: false,
        selection: !readOnly,
        toolbar: !readOnly,
      },
    }));
  }
  return form;
}

/** Edit or detail page of the entity; `listPath` is the list it returns to. */
export function recordPageOf(
  path: string,
  type: 'edit' | 'detail',
  header: EntityDef,
  lines: LineEntity[],
  listPath: string,
  transitions: TransitionDef[] = [],
): PageDef {
  const title =
    type === 'edit'
      ? label(`${header.label.cn}维护`, `Edit ${header.label.en.toLowerCase()}`)
      : label(`${header.label.cn}详情`, `${header.label.en} details`);
  return {
    metaVersion: 1,
    kind: 'page',
    path,
    type,
    entity: header.name,
    title,
    listPage: listPath,
    form: formOf(header, lines, type === 'detail'),
    actions: type === 'edit' ? Object.values(offeredActions('edit', transitions)) : [],
  };
}

/** Entities the page's reference pickers read (the server checks them against the menu). */
export function referencedEntities(header: EntityDef, lines: LineEntity[]): string[] {
  const all = [header, ...lines.map((l) => l.entity)]
    .flatMap((e) => e.fields)
    .filter((f) => f.type === 'reference' && f.reference?.entity && !f.retired);
  return [...new Set(all.map((f) => f.reference!.entity))];
}

/** Paths of the three pages of an entity: the list at `base`, then `{base}Edit` and `{base}Detail`. */
export function pagePaths(base: string) {
  return { list: base, edit: `${base}Edit`, detail: `${base}Detail` };
}

/** The three pages the designer proposes; the list links to the detail page for viewing; the lifecycle's buttons are on the list rows and the edit form. */
export function generatePages(
  base: string,
  header: EntityDef,
  lines: LineEntity[],
  transitions: TransitionDef[] = [],
): PageDef[] {
  const paths = pagePaths(base);
  const references = referencedEntities(header, lines);
  const withReferences = (page: PageDef): PageDef => (references.length ? { ...page, references } : page);
  const list = {
    ...listPageOf(paths.list, header, paths.edit),
    detailPage: paths.detail,
    actions: Object.values(offeredActions('list', transitions)),
  };
  return [
    list,
    recordPageOf(paths.edit, 'edit', header, lines, paths.list, transitions),
    recordPageOf(paths.detail, 'detail', header, lines, paths.list),
  ].map(withReferences);
}
