import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/App';
import type { EntityDef, PageDef } from '../meta';
import { PageEditor } from './PageEditor';

const line: EntityDef = {
  metaVersion: 1,
  kind: 'entity',
  name: 'srmDemoOrderLine',
  area: 'srmServer',
  table: 'srm_demo_order_line',
  primaryKey: 'srmDemoOrderLineId',
  label: { cn: '演示单行', en: 'Demo order line' },
  parent: 'srmDemoOrder',
  fields: [
    { name: 'lineNum', type: 'integer', required: true, label: { cn: '行号', en: 'No.' } },
    {
      name: 'currencyCode',
      type: 'lookup',
      lookupType: 'BASE_CURRENCY',
      required: true,
      label: { cn: '币种', en: 'Currency' },
    },
  ],
};

const edit: PageDef = {
  metaVersion: 1,
  kind: 'page',
  path: 'demoOrdersEdit',
  type: 'edit',
  entity: 'srmDemoOrder',
  title: { cn: '维护', en: 'Edit' },
  form: {
    columns: 3,
    sections: [{ fields: ['title'] }],
    lines: [
      {
        child: 'lines',
        title: { cn: '明细', en: 'Lines' },
        grid: { isEdit: true, columns: [{ key: 'lineNum', title: { cn: '行号', en: 'No.' }, editType: 'number' }] },
      },
    ],
  },
};

describe('page designer line grids', () => {
  it('adds a line-grid column whose field brings its edit widget, lookup and required check', async () => {
    const onChange = vi.fn();
    render(
      <AppProviders>
        <PageEditor
          docKey="page:demoOrdersEdit"
          loadKey="page:demoOrdersEdit@new"
          page={edit}
          lineEntities={{ lines: line }}
          transitions={[]}
          errors={[]}
          onChange={onChange}
        />
      </AppProviders>,
    );
    const card = screen.getByLabelText('行表格列 lines');
    fireEvent.click(within(card).getByRole('button', { name: '新增列' }));
    const pickers = within(card).getAllByRole('combobox', { name: '列字段' });
    fireEvent.mouseDown(pickers[1]);
    fireEvent.click(await screen.findByTitle('currencyCode 币种'));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({
          form: expect.objectContaining({
            lines: [
              expect.objectContaining({
                child: 'lines',
                grid: {
                  isEdit: true,
                  columns: [
                    edit.form!.lines![0].grid.columns[0],
                    {
                      key: 'currencyCode',
                      title: { cn: '币种', en: 'Currency' },
                      width: 120,
                      lookup: { typeCode: 'BASE_CURRENCY' },
                      editType: 'lookup',
                      validate: { required: true },
                    },
                  ],
                },
              }),
            ],
          }),
        }),
      ),
    );
    expect(within(card).getAllByRole('textbox', { name: '中文标签' })[1]).toHaveProperty('value', '币种');
  });

  it("offers the lifecycle's buttons with the standard ones; a ticked one goes on the form", async () => {
    const onChange = vi.fn();
    const submit = {
      action: 'doSubmit',
      resourceCode: 'btnSubmit',
      label: { cn: '提交', en: 'Submit' },
      from: ['DRAFT'] as [string],
      to: 'SUBMITTED',
    };
    render(
      <AppProviders>
        <PageEditor
          docKey="page:demoOrdersEdit"
          loadKey="page:demoOrdersEdit@new"
          page={{ ...edit, actions: [] }}
          lineEntities={{ lines: line }}
          transitions={[submit]}
          errors={[]}
          onChange={onChange}
        />
      </AppProviders>,
    );
    expect(screen.getByRole('checkbox', { name: 'btnSave 保存' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'btnSubmit 提交' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({
          actions: [
            { action: 'doSubmit', resourceCode: 'btnSubmit', label: { cn: '提交', en: 'Submit' }, placement: 'form' },
          ],
        }),
      ),
    );
  });
});
