/**
 * The inspection plan's site table (a custom lines widget): buyer01 opens the demo plan, loads the
 * sites of its supplier's qualification review, sees the locked site read-only, ticks the open one,
 * saves, and finds the choice kept after reopening the plan.
 */
import { expect, test } from '@playwright/test';
import { openMenu, save, signIn } from './support';

test('buyer loads the qualification sites into an inspection plan and ticks the open one', async ({ page }) => {
  await signIn(page);
  await openMenu(page, '供应商管理', '考察计划');
  const list = page.locator('[data-tab-panel]:not([hidden])');
  await list
    .getByRole('row', { name: /IPL202611200001/ })
    .getByRole('button', { name: '编辑', exact: true })
    .click();
  await expect(page).toHaveURL(/inspectPlanEdit/);
  const sites = page.getByRole('region', { name: '考察地点' }).filter({ visible: true });
  await expect(sites.getByText('暂无考察地点，请先加载')).toBeVisible();
  await sites.getByRole('button', { name: '加载供应商考察地点' }).click();
  const locked = sites.getByRole('checkbox', { name: '参与考察 昆山瑞丰-苏州供货点' });
  const open = sites.getByRole('checkbox', { name: '参与考察 昆山瑞丰-东莞供货点' });
  await expect(locked).toBeDisabled();
  await expect(open).toBeEnabled();
  const wanted = !(await open.isChecked());
  await open.setChecked(wanted);
  await save(page);
  await page.reload();
  const after = page.getByRole('region', { name: '考察地点' }).filter({ visible: true });
  await expect(after.getByRole('checkbox', { name: '参与考察 昆山瑞丰-东莞供货点' })).toBeChecked({ checked: wanted });
  await expect(after.getByRole('checkbox', { name: '参与考察 昆山瑞丰-苏州供货点' })).toBeDisabled();
});
