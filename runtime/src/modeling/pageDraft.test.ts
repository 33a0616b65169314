import { describe, expect, it } from 'vitest';
import type { FormLines, PageDef } from '../meta';
import { pageDocument, pageFormValues } from './pageDraft';

const edit: PageDef = {
  metaVersion: 1,
  kind: 'page',
  path: 'demoOrdersEdit',
  type: 'edit',
  entity: 'srmDemoOrder',
  title: { cn: '维护', en: 'Edit' },
  form: {
    columns: 3,
    sections: [{ title: { cn: '基本信息', en: 'Basic' }, fields: ['title', { field: 'remark', span: 3 }] }],
    lines: [
      {
        child: 'lines',
        title: { cn: '行', en: 'Lines' },
        grid: {
          isEdit: true,
          selection: true,
          columns: [{ key: 'lineNum', title: { cn: '行号', en: 'No.' }, editType: 'number', width: 120 }],
        },
      },
      {
        child: 'sites',
        widget: 'InspectPlanSites',
        grid: { columns: [{ key: 'siteName', title: { cn: '地点', en: 'Site' } }] },
      },
    ],
  },
  actions: [{ action: 'saveOrUpdate', resourceCode: 'btnSave', label: { cn: '保存', en: 'Save' }, placement: 'form' }],
};

describe('page designer values', () => {
  it('round-trips a page unchanged', () => {
    expect(pageDocument(pageFormValues(edit), edit)).toEqual(edit);
  });

  it('takes the edited line-grid columns and keeps the rest of each line as it was', () => {
    const values = pageFormValues(edit);
    const edited = structuredClone(values.form!.lines as FormLines[]);
    edited[0].grid.columns = [
      { key: 'itemDesc', title: { cn: '条目', en: 'Item' }, editType: 'input', width: 200, ellipsis: undefined },
      edited[0].grid.columns[0],
    ];
    const doc = pageDocument({ ...values, form: { ...values.form, lines: edited } }, edit);
    expect(doc.form!.lines![0]).toEqual({
      child: 'lines',
      title: { cn: '行', en: 'Lines' },
      grid: {
        isEdit: true,
        selection: true,
        columns: [
          { key: 'itemDesc', title: { cn: '条目', en: 'Item' }, editType: 'input', width: 200 },
          edit.form!.lines![0].grid.columns[0],
        ],
      },
    });
    expect(doc.form!.lines![1]).toEqual(edit.form!.lines![1]);
    expect(doc.form!.sections![0].fields[1]).toEqual({ field: 'remark', span: 3 });
  });
});
