import { describe, expect, it } from 'vitest';
import type { EntityDef } from '../meta';
import { addLineEntity } from './entityDraft';
import { generatePages, listPageOf, referencedEntities } from './pageLayout';

const header: EntityDef = {
  metaVersion: 1,
  kind: 'entity',
  name: 'srmDemoOrder',
  area: 'srmServer',
  table: 'srm_demo_order',
  primaryKey: 'srmDemoOrderId',
  label: { cn: '演示单', en: 'Demo order' },
  fields: [
    { name: 'title', type: 'string', length: 100, required: true, label: { cn: '标题', en: 'Title' } },
    { name: 'kind', type: 'lookup', lookupType: 'BASE_CURRENCY', label: { cn: '币种', en: 'Currency' } },
    { name: 'amount', type: 'money', label: { cn: '金额', en: 'Amount' } },
    { name: 'orderDate', type: 'date', label: { cn: '日期', en: 'Date' } },
    { name: 'urgent', type: 'flag', label: { cn: '加急', en: 'Urgent' } },
    {
      name: 'orgId',
      type: 'reference',
      reference: { entity: 'baseOrganization', valueField: 'orgId', labelField: 'orgName' },
      label: { cn: '公司', en: 'Company' },
    },
    { name: 'remark', type: 'text', label: { cn: '备注', en: 'Remark' } },
    { name: 'old', type: 'string', retired: true, label: { cn: '旧', en: 'Old' } },
  ],
};

describe('page layout generation', () => {
  it('lists the listable, non-retired fields with the spec grid flags and the first column as the link', () => {
    const list = listPageOf('demoOrders', header, 'demoOrdersEdit');
    expect(list.grid!.columns.map((c) => c.key)).toEqual(['title', 'kind', 'amount', 'orderDate', 'urgent', 'orgId']);
    expect(list.grid!.columns[0]).toMatchObject({ linkTag: true, fixedStyle: 'left' });
    expect(list.grid!.columns[1].lookup).toEqual({ typeCode: 'BASE_CURRENCY' });
    expect(list.grid!.columns[2].showThousandSeparator).toBe(true);
    expect(list.grid).toMatchObject({
      pageSize: 20,
      isShowPage: true,
      selection: true,
      orderBy: 'srmDemoOrderId desc',
    });
    expect(list.search!.fields).toEqual([
      { field: 'title', op: 'like' },
      { field: 'kind', op: 'eq' },
      { field: 'orderDate', op: 'between' },
      { field: 'orgId', op: 'eq' },
    ]);
    expect(list.actions!.map((a) => a.resourceCode)).toEqual(['btnAdd', 'btnEdit', 'btnView', 'btnDelete']);
  });

  it('generates list, edit and detail pages linked together, with line grids and the referenced entities', () => {
    const { header: withLines, line } = addLineEntity(header);
    const [list, edit, detail] = generatePages('demoOrders', withLines, [
      { child: withLines.children![0], entity: line },
    ]);
    expect([list.path, edit.path, detail.path]).toEqual(['demoOrders', 'demoOrdersEdit', 'demoOrdersDetail']);
    expect(list).toMatchObject({ editPage: 'demoOrdersEdit', detailPage: 'demoOrdersDetail', editMode: 'page' });
    expect(edit).toMatchObject({
      listPage: 'demoOrders',
      actions: [expect.objectContaining({ resourceCode: 'btnSave' })],
    });
    expect(edit.form!.sections![0].fields).toEqual([
      'title',
      'kind',
      'amount',
      'orderDate',
      'urgent',
      'orgId',
      { field: 'remark', span: 3 },
    ]);
    expect(detail.form!.sections![0].fields[0]).toEqual({ field: 'title', readOnly: true });
    const lines = edit.form!.lines![0];
    expect(lines.child).toBe('lines');
    expect(lines.grid.columns.map((c) => [c.key, c.editType])).toEqual([['lineNum', 'number']]); // the foreign key is not a column
    expect(detail.form!.lines![0].grid.isEdit).toBe(false);
    expect(referencedEntities(header, [])).toEqual(['baseOrganization']);
    expect(list.actions!.map((a) => a.resourceCode)).toEqual(['btnAdd', 'btnEdit', 'btnView', 'btnDelete']); // no lifecycle, no lifecycle buttons
    expect(list.references).toEqual(['baseOrganization']);
  });

  it("puts the lifecycle's buttons on the list rows and the edit form, not on the detail page", () => {
    const transitions = [
      {
        action: 'doSubmit',
        resourceCode: 'btnSubmit',
        label: { cn: '提交', en: 'Submit' },
        from: ['DRAFT'] as [string],
        to: 'SUBMITTED',
      },
      {
        action: 'doApprove',
        resourceCode: 'btnApprove',
        from: ['SUBMITTED'] as [string],
        to: 'APPROVED',
        approval: true,
      },
    ];
    const [list, edit, detail] = generatePages('demoOrders', header, [], transitions);
    expect(list.actions!.slice(4)).toEqual([
      {
        action: 'doSubmit',
        resourceCode: 'btnSubmit',
        label: { cn: '提交', en: 'Submit' },
        placement: 'row',
        buttonType: 'link',
      },
      {
        action: 'doApprove',
        resourceCode: 'btnApprove',
        label: { cn: 'doApprove', en: 'doApprove' },
        placement: 'row',
        buttonType: 'link',
      },
    ]);
    expect(edit.actions!.map((a) => [a.resourceCode, a.placement])).toEqual([
      ['btnSave', 'form'],
      ['btnSubmit', 'form'],
      ['btnApprove', 'form'],
    ]);
    expect(detail.actions).toEqual([]);
  });
});
