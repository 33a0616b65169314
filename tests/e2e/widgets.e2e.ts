/**
 * The tree-check widget on the role privilege screen (issue 5): an administrator checks a parent
 * menu (its menus and buttons below are checked), unchecks one child (the parent stays checked:
 * its siblings still are), saves, reloads and sees the same tree, which is what the server holds.
 */
import { expect, test, type Page } from '@playwright/test';
import { callAsSession as call, clickExpectingToast, dataRows, formItem, openMenu, signIn, unique } from './support';

const node = (page: Page, title: string) =>
  page.locator('.ant-tree-treenode').filter({ has: page.getByText(title, { exact: true }) });
const checkbox = (page: Page, title: string) => node(page, title).locator('.ant-tree-checkbox');
const expand = (page: Page, title: string) => node(page, title).locator('.ant-tree-switcher').click();
const CHECKED = /ant-tree-checkbox-checked/;

test("an administrator grants a menu branch in the tree, takes one child out, and the saved tree is the server's", async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openMenu(page, '系统管理', '角色管理');
  await expect(page).toHaveURL(/systemsetting\/role/);
  const roleCode = unique('TREE');
  const created = await call(page, '/api/baseServer/v1/baseRoleRestful/saveOrUpdate', {
    roleCode,
    roleName: '树形权限测试',
    enabledFlag: 'Y',
    menus: [],
    resources: [],
  });
  expect(created.status).toBe(200);

  await formItem(page, '角色编码').getByRole('textbox').fill(roleCode);
  await page.getByRole('button', { name: /^查\s*询$/ }).click();
  const row = dataRows(page.getByRole('table')).filter({ hasText: roleCode });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '菜单权限' }).click();
  await expect(page).toHaveURL(/systemsetting\/menuFuncPrivilege\?.*id=/);
  await expect(page.getByTestId('privilege-role')).toContainText(roleCode);

  await checkbox(page, '采购管理-PURCHASING').click();
  await expand(page, '采购申请-PUR_REQUISITION');
  await expand(page, '采购申请维护-PUR_REQUISITION_EDIT');
  for (const title of [
    '采购管理-PURCHASING',
    '采购申请-PUR_REQUISITION',
    '新增-btnAdd',
    '采购申请维护-PUR_REQUISITION_EDIT',
  ]) {
    await expect(checkbox(page, title).first()).toHaveClass(CHECKED);
  }
  await checkbox(page, '采购申请维护-PUR_REQUISITION_EDIT').click();
  await expect(checkbox(page, '采购申请维护-PUR_REQUISITION_EDIT')).not.toHaveClass(CHECKED);
  await expect(checkbox(page, '采购申请-PUR_REQUISITION')).toHaveClass(CHECKED);
  await expect(checkbox(page, '采购管理-PURCHASING')).toHaveClass(CHECKED);
  await clickExpectingToast(page.getByRole('button', { name: /^保\s*存$/ }), '权限已保存');

  await page.reload();
  await expect(page.getByTestId('privilege-role')).toContainText(roleCode);
  await expand(page, '采购申请-PUR_REQUISITION');
  await expect(checkbox(page, '采购管理-PURCHASING')).toHaveClass(CHECKED);
  await expect(checkbox(page, '采购申请-PUR_REQUISITION')).toHaveClass(CHECKED);
  await expect(checkbox(page, '采购申请维护-PUR_REQUISITION_EDIT')).not.toHaveClass(CHECKED);

  const roleId = new URL(page.url().replace('/#/', '/')).searchParams.get('id');
  const stored = await call(page, '/api/baseServer/v1/baseRoleRestful/findPrivilegeTree', { roleId });
  expect(stored.status).toBe(200);
  const granted = (stored.data.rows as { code: string; kind: string; checkFlag: string }[]).filter(
    (r) => r.checkFlag === 'Y',
  );
  const menus = granted.filter((r) => r.kind === 'menu').map((r) => r.code);
  expect(menus).toEqual(expect.arrayContaining(['PURCHASING', 'PUR_REQUISITION']));
  expect(menus).not.toContain('PUR_REQUISITION_EDIT');
  expect(menus.some((code) => code.startsWith('SYS_'))).toBe(false);
  expect(granted.some((r) => r.kind === 'resource' && r.code === 'btnAdd')).toBe(true);
  // The generic reader of the role sees the same permits (one source of truth).
  const role = await call(page, '/api/baseServer/v1/baseRoleRestful/findById', { id: roleId });
  expect(role.data.menus).toHaveLength(menus.length);
});
