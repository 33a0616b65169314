// Page skeletons (list / edit / detail) over a scaffolded entity, in the shape of the hand-written
// SRM pages (metadata/apps/srm/<domain>/pages): spec grid properties, search fields, the usual buttons.
const LIST_COLUMNS = 10;
const SEARCH_FIELDS = 4;

const label = (cn, en) => ({ cn, en });
const NEW = {
  action: 'create',
  resourceCode: 'btnAdd',
  label: label('新增', 'New'),
  placement: 'toolbar',
  buttonType: 'primary',
};
const EDIT = {
  action: 'edit',
  resourceCode: 'btnEdit',
  label: label('编辑', 'Edit'),
  placement: 'row',
  buttonType: 'link',
};
const VIEW = {
  action: 'view',
  resourceCode: 'btnView',
  label: label('查看', 'View'),
  placement: 'row',
  buttonType: 'link',
};
const SAVE = {
  action: 'saveOrUpdate',
  resourceCode: 'btnSave',
  label: label('保存', 'Save'),
  placement: 'form',
  buttonType: 'primary',
};
const deleteAction = (title) => ({
  action: 'delete',
  resourceCode: 'btnDelete',
  label: label('删除', 'Delete'),
  placement: 'row',
  buttonType: 'link',
  danger: true,
  confirm: label(`确定删除该${title.cn}吗？`, `Delete this ${title.en.toLowerCase()}?`),
});

function column(field) {
  const col = { key: field.name, title: field.label, width: field.type === 'string' ? 160 : 120 };
  if (field.type === 'lookup') col.lookup = { typeCode: field.lookupType };
  if (['money', 'decimal', 'quantity'].includes(field.type)) col.showThousandSeparator = true;
  if (field.required) col.validate = { required: true };
  return col;
}

const listable = (f) => !['json', 'text', 'attachment'].includes(f.type);

function searchField(field) {
  if (field.type === 'date' || field.type === 'datetime') return { field: field.name, op: 'between' };
  if (field.type === 'string') return { field: field.name, op: 'like' };
  return { field: field.name, op: 'eq' };
}

function listPage(path, header, editPath) {
  const fields = header.fields.filter(listable);
  const searchable = fields
    .filter((f) => ['string', 'lookup', 'date', 'reference'].includes(f.type))
    .slice(0, SEARCH_FIELDS);
  const page = {
    metaVersion: 1,
    kind: 'page',
    path,
    type: 'list',
    entity: header.name,
    title: header.label,
    editMode: editPath ? 'page' : 'modal',
    ...(editPath && { editPage: editPath }),
    search: { fields: searchable.map(searchField) },
    grid: {
      columns: fields
        .slice(0, LIST_COLUMNS)
        .map((f, i) => ({ ...column(f), ...(i === 0 && { linkTag: true, fixedStyle: 'left' }) }))
        .map(({ validate, ...c }) => c),
      pageSize: 20,
      isShowPage: true,
      selection: true,
      showIndex: true,
      operateSlot: true,
      toolbar: true,
      orderBy: `${header.primaryKey} desc`,
    },
    actions: [NEW, EDIT, deleteAction(header.label), ...(editPath ? [] : [SAVE])],
  };
  if (!editPath) page.form = formOf(header, []);
  return page;
}

function formOf(header, lines, readOnly = false) {
  const fields = header.fields
    .filter((f) => f.type !== 'json')
    .map((f) => {
      const wide = f.type === 'text' || f.type === 'attachment';
      if (!readOnly && !wide) return f.name;
      return { field: f.name, ...(wide && { span: 3 }), ...(readOnly && { readOnly: true }) };
    });
  const form = { columns: 3, sections: [{ title: label('基本信息', 'Basic information'), fields }] };
  if (lines.length) {
    form.lines = lines.map(({ child, entity }) => ({
      child: child.name,
      title: child.label,
      grid: {
        columns: entity.fields
          .filter((f) => f.name !== child.foreignKey && listable(f))
          .map((f) => ({ ...column(f), ...(!readOnly && { editType: editTypeOf(f) }) })),
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

function editTypeOf(field) {
  return (
    {
      lookup: 'lookup',
      reference: 'reference',
      date: 'date',
      datetime: 'date',
      flag: 'checkbox',
      integer: 'number',
      decimal: 'number',
      money: 'number',
      quantity: 'number',
    }[field.type] ?? 'input'
  );
}

/** Edit or detail page; `listPath` is the list it returns to. */
function recordPage(path, type, header, lines, listPath) {
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
    ...(listPath && { listPage: listPath }),
    form: formOf(header, lines, type === 'detail'),
    actions: type === 'edit' ? [SAVE] : [],
  };
}

module.exports = { listPage, recordPage, VIEW };
