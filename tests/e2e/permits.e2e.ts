/**
 * Internal permits and authorisations (issue 13, docs/admin-guide.md): the administrator grants a
 * buyer a second plant on 用户组织权限 and finds it in the list, and opens the demo authorisation
 * with its delegated responsibility on 用户授权.
 */
import { expect, test, type Page } from '@playwright/test';
import { dataRows, dropdownOf, openMenu, save, signIn } from './support';

const visible = (page: Page) => page.locator('[data-tab-panel]:not([hidden])');

test('admin grants buyer01 Suzhou Plant 2 and reads the demo authorisation', async ({ page }) => {
  await signIn(page, 'admin');
  await openMenu(page, '系统管理', '用户组织权限');
  await expect(page).toHaveURL(/userOrgPermitList/);
  const table = visible(page).getByRole('table');
  await expect(dataRows(table).filter({ hasText: 'buyer01' }).filter({ hasText: '苏州一厂' })).toHaveCount(1);

  await visible(page).getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, search, option] of [
    ['用户', 'buyer01', 'buyer01'],
    ['组织', '苏州二', '苏州二厂'],
  ]) {
    const picker = dialog.getByRole('combobox', { name: label, exact: true });
    await expect(async () => {
      // the dialog may still be zooming in: click again until the input has focus
      await picker.click({ force: true });
      await expect(picker).toBeFocused({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await picker.pressSequentially(search, { delay: 80 });
    await (await dropdownOf(picker)).getByTitle(option, { exact: true }).click();
  }
  await save(dialog);
  await expect(dialog).toBeHidden();
  await expect(dataRows(table).filter({ hasText: 'buyer01' }).filter({ hasText: '苏州二厂' })).toHaveCount(1);

  await openMenu(page, '系统管理', '用户授权');
  await expect(page).toHaveURL(/userAuthorisationList/);
  // The delegating and the delegated person by name: manager01 (陈静) to buyer01 (王磊).
  const row = dataRows(visible(page).getByRole('table')).filter({ hasText: '陈静' });
  await expect(row).toContainText('王磊');
  await row.getByRole('button', { name: '编辑', exact: true }).click();
  await expect(page).toHaveURL(/userAuthorisationEdit/);
  const relations = page.getByRole('region', { name: '授权关系' }).filter({ visible: true });
  await expect(relations.getByText('采购经理')).toBeVisible();
});
