import type { EntityDef, PageDef } from '@meridian/metadata';
import { describe, expect, it } from 'vitest';
import { withRecordGuards } from './pageLifecycle';

const entity = {
  metaVersion: 1, kind: 'entity', name: 'srmDemo', area: 'srmServer', table: 'srm_demo', primaryKey: 'srmDemoId', label: { cn: '演示', en: 'Demo' },
  fields: [{ name: 'status', type: 'string', label: { cn: '状态', en: 'Status' } }],
  editableWhen: { field: 'status', op: 'eq', value: 'DRAFT' },
  deletableWhen: { field: 'status', op: 'in', value: ['DRAFT', 'REJECTED'] },
} as EntityDef;

const page: PageDef = {
  metaVersion: 1, kind: 'page', path: 'demoList', type: 'list', entity: 'srmDemo', title: { cn: '演示', en: 'Demo' },
  actions: [
    { action: 'create', resourceCode: 'btnAdd', label: { cn: '新增', en: 'New' }, placement: 'toolbar' },
    { action: 'edit', resourceCode: 'btnEdit', label: { cn: '编辑', en: 'Edit' }, placement: 'row', showWhen: { field: 'srmDemoId', op: 'notNull' } },
    { action: 'delete', resourceCode: 'btnDelete', label: { cn: '删除', en: 'Delete' }, placement: 'row' },
    { action: 'saveOrUpdate', resourceCode: 'btnSave', label: { cn: '保存', en: 'Save' }, placement: 'form' },
  ],
};

describe('record guards on page buttons', () => {
  it('shows edit/save only where editableWhen holds and delete only where deletableWhen holds, keeping their own showWhen', () => {
    const [create, edit, del, save] = withRecordGuards(entity, page).actions!;
    expect(create.showWhen).toBeUndefined();
    const editable = { or: [{ field: 'srmDemoId', op: 'null' }, entity.editableWhen] }; // a new record may always be saved
    expect(edit.showWhen).toEqual({ and: [{ field: 'srmDemoId', op: 'notNull' }, editable] });
    expect(del.showWhen).toEqual(entity.deletableWhen);
    expect(save.showWhen).toEqual(editable);
  });

  it('does not repeat a guard the page author already wrote', () => {
    const written = { ...page, actions: [{ ...page.actions![2], showWhen: { and: [{ field: 'srmDemoId', op: 'notNull' as const }, entity.deletableWhen!] } }] };
    expect(withRecordGuards(entity, written).actions![0].showWhen).toEqual(written.actions[0].showWhen);
    const editable = { or: [{ field: 'srmDemoId', op: 'null' as const }, entity.editableWhen!] };
    const alone = { ...page, actions: [{ ...page.actions![3], showWhen: editable }] };
    expect(withRecordGuards(entity, alone).actions![0].showWhen).toEqual(editable);
  });

  it('leaves the page as it is when the entity has no guards', () => {
    const free = { ...entity, editableWhen: undefined, deletableWhen: undefined };
    expect(withRecordGuards(free, page)).toBe(page);
  });
});
