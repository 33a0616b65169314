import { createForm } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render';
import type { MenuRow } from '../../core/dataProvider';
import { createFakeProvider } from '../../test/fakeProvider';
import { MenuParentSelect } from './MenuParentSelect';
import { menuParentChoices } from './menuParentTree';

const rows = [
  {
    menuId: 1,
    menuName: '采购管理',
    menuNameEn: 'Purchasing',
    menuCode: 'PUR',
    menuType: 'DIR',
    menuParentId: 0,
    seqNum: 1,
    enabled: 'Y',
  },
  {
    menuId: 10,
    menuName: '采购申请',
    menuNameEn: 'Requisitions',
    menuCode: 'PUR_REQ',
    menuType: 'DIR',
    menuParentId: 1,
    seqNum: 1,
    enabled: 'N',
  },
  {
    menuId: 100,
    menuName: '申请明细',
    menuCode: 'PUR_REQ_LINE',
    menuType: 'PAGE',
    menuParentId: 10,
    seqNum: 1,
    enabled: 'Y',
  },
  { menuId: 2, menuName: '系统设置', menuCode: 'SYS', menuType: 'DIR', menuParentId: 0, seqNum: 2, enabled: 'Y' },
] as MenuRow[];

describe('menuParentChoices', () => {
  it('puts the whole tree (disabled menus too) under the top level, in the language asked', () => {
    const [top] = menuParentChoices(rows, 'EN', undefined, 'Top level');
    expect(top).toMatchObject({ value: 0, title: 'Top level' });
    expect(top.children!.map((c) => c.title)).toEqual(['Purchasing', '系统设置']);
    expect(top.children![0].children![0]).toMatchObject({ value: 10, title: 'Requisitions' });
  });

  it('disables the menu being edited and its descendants', () => {
    const [top] = menuParentChoices(rows, 'CN', 10, '顶级菜单');
    const purchasing = top.children![0];
    expect(purchasing.disabled).toBeUndefined();
    expect(purchasing.children![0]).toMatchObject({ value: 10, disabled: true });
    expect(purchasing.children![0].children![0]).toMatchObject({ value: 100, disabled: true });
  });
});

describe('MenuParentSelect', () => {
  it('shows the parent by name and writes the chosen menu id into the field', async () => {
    const provider = createFakeProvider({
      listByPage: async () => ({ rows, page: { count: rows.length, pageIndex: 1, pageRows: 500 } }),
    });
    const SchemaField = createSchemaField({ components: { MenuParentSelect } });
    const form = createForm({ values: { menuId: 10, menuParentId: 1 } });
    render(
      <TestProviders provider={provider}>
        <FormProvider form={form}>
          <SchemaField
            schema={{
              type: 'object',
              properties: { menuParentId: { type: 'number', title: '上级菜单', 'x-component': 'MenuParentSelect' } },
            }}
          />
        </FormProvider>
      </TestProviders>,
    );
    const picker = await screen.findByRole('combobox', { name: '上级菜单' });
    expect(await screen.findByText('采购管理')).toBeTruthy();
    expect(provider.listByPage).toHaveBeenCalledWith(
      { name: 'baseMenu', area: 'baseServer' },
      expect.objectContaining({ pageIndex: 1 }),
    );
    await act(async () => fireEvent.mouseDown(picker));
    const popup = document.querySelector('.ant-select-dropdown') as HTMLElement;
    await act(async () => fireEvent.click(within(popup).getByTitle('系统设置')));
    expect(form.values.menuParentId).toBe(2);
  });
});
