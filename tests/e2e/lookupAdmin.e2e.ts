/**
 * Value sets (issue 33, item 2). In the table_model designer an administrator defines a dropdown
 * field, creates its value set on the spot (code, CN/EN name, values with CN/EN labels) without
 * leaving the designer, and the server's draft check accepts the field using it; the value-set and
 * entity pickers find entries by name as well as by code. Then the catalog's screens maintain
 * that value set: 值集类型 lists it, 值集类型维护 edits its values as lines, 值集值 lists and edits
 * one value; a value set the metadata files declare cannot be deleted. The draft is not
 * published (nothing of the shared database's screens changes); the value set is this run's own.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { cellUnder, choose, dataRows, openMenu, rowAction, save, signIn, toast } from './support';

const CODE = `DEMO_TICKET_${Date.now().toString(36).toUpperCase()}`;
const fieldsTable = (page: Page) => page.getByRole('table', { name: '字段' });
const fieldRow = (page: Page, index: number) => fieldsTable(page).locator('tbody tr').nth(index);
const shownTable = (page: Page) => page.getByRole('main').getByRole('table').filter({ visible: true }).first();

/** Adds a field row of `type` and returns it. */
async function addField(page: Page, name: string, cn: string, en: string, type: string): Promise<Locator> {
  const count = await fieldsTable(page).locator('tbody tr').count(); // the last row holds the add button
  await page.getByRole('button', { name: '新增字段' }).click();
  const row = fieldRow(page, count - 1);
  await row.getByRole('textbox', { name: '字段名' }).fill(name);
  await row.getByRole('textbox', { name: '中文标签' }).fill(cn);
  await row.getByRole('textbox', { name: '英文标签' }).fill(en);
  await choose(row.getByRole('combobox', { name: '类型', exact: true }), type, type);
  return row;
}

async function createValueSetInDesigner(page: Page, row: Locator): Promise<void> {
  await row.getByRole('button', { name: /新建值集/ }).click();
  const dialog = page.getByRole('dialog', { name: '新建值集' });
  await dialog.getByRole('textbox', { name: '值集编码' }).fill(CODE);
  await dialog.getByRole('textbox', { name: '名称(中文)' }).fill('工单类别');
  await dialog.getByRole('textbox', { name: '名称(英文)' }).fill('Ticket kind');
  await dialog.getByRole('button', { name: '添加值' }).click();
  const values = [
    ['FAULT', '故障', 'Fault'],
    ['REQUEST', '需求', 'Request'],
  ];
  for (const [i, [code, cn, en]] of values.entries()) {
    await dialog.getByRole('textbox', { name: '编码', exact: true }).nth(i).fill(code);
    await dialog.getByRole('textbox', { name: '含义(中文)' }).nth(i).fill(cn);
    await dialog.getByRole('textbox', { name: '含义(英文)' }).nth(i).fill(en);
  }
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(toast(page, `值集 ${CODE} 已创建`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The field has picked it.
  await expect(row.locator(`.ant-select-selection-item[title="${CODE} 工单类别"]`)).toBeVisible();
}

async function designWithNewValueSet(page: Page): Promise<void> {
  await openMenu(page, '系统管理', '表模型');
  await expect(page.getByRole('tab', { name: '文档', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: '实体名' }).fill('srmDemoTicket');
  await page.getByRole('textbox', { name: '中文名称' }).fill('工单');
  await page.getByRole('textbox', { name: '英文名称' }).fill('Tickets');
  await page.getByRole('button', { name: '新建实体' }).click();
  await fieldRow(page, 0).getByRole('textbox', { name: '中文标签' }).fill('标题');
  await fieldRow(page, 0).getByRole('textbox', { name: '英文标签' }).fill('Title');
  const kind = await addField(page, 'ticketKind', '工单类别', 'Ticket kind', '值集');
  await createValueSetInDesigner(page, kind);
  // The pickers search by name: a value set by its English name, an entity by its English label.
  const taxpayer = await addField(page, 'taxpayerType', '纳税人类型', 'Taxpayer type', '值集');
  await choose(taxpayer.getByRole('combobox', { name: '值集类型' }), 'SLC_TAXPAYER_TYPE 纳税人类型', 'taxpayer');
  const org = await addField(page, 'orgId', '组织', 'Organisation', '引用');
  await choose(org.getByRole('combobox', { name: '引用实体' }), 'baseOrganization', 'Organisation');
  await choose(org.getByRole('combobox', { name: '显示字段' }), 'orgName', 'orgN');
  // The server's draft check (the same as publishing's) accepts a field over the new value set.
  await page.getByRole('button', { name: '校验', exact: true }).click();
  await expect(toast(page, '校验通过')).toBeVisible();
}

async function maintainOnLookupTypeEdit(page: Page): Promise<void> {
  await openMenu(page, '系统管理', '值集类型');
  await page.getByRole('textbox', { name: '值集类型编码' }).filter({ visible: true }).fill(CODE);
  await page.getByRole('button', { name: '查询', exact: true }).filter({ visible: true }).click();
  const row = dataRows(shownTable(page)).filter({ hasText: CODE });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ticket kind');
  await (await rowAction(row, '编辑')).click();
  const lines = page.getByRole('region', { name: '值集值' }).filter({ visible: true });
  const rows = dataRows(lines.getByRole('table'));
  await expect(rows).toHaveCount(2);
  // A row turns editable when one of its cells is clicked.
  await (await cellUnder(lines.getByRole('table'), rows.nth(1), '含义(中文)')).click();
  await rows.nth(1).getByRole('textbox', { name: '含义(中文)' }).fill('服务请求');
  await lines.getByRole('button', { name: '新增行' }).click();
  await expect(rows).toHaveCount(3);
  await rows.nth(2).getByRole('textbox', { name: '编码' }).fill('ADVICE');
  await rows.nth(2).getByRole('textbox', { name: '含义(中文)' }).fill('咨询');
  await rows.nth(2).getByRole('textbox', { name: '含义(英文)' }).fill('Advice');
  await save(page);
}

async function maintainOnLookup(page: Page): Promise<void> {
  await openMenu(page, '系统管理', '值集值');
  await page.getByRole('textbox', { name: '值集类型' }).filter({ visible: true }).fill(CODE);
  await page.getByRole('button', { name: '查询', exact: true }).filter({ visible: true }).click();
  const rows = dataRows(shownTable(page));
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: '服务请求' })).toHaveCount(1);
  const advice = rows.filter({ hasText: 'ADVICE' });
  await expect(advice).toContainText('咨询');
  await expect(await cellUnder(shownTable(page), advice, '启用')).toHaveText('是'); // a new line is enabled by default
  await (await rowAction(advice, '编辑')).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: '含义(英文)' }).fill('Advice request');
  await save(dialog);
  await expect(advice).toContainText('Advice request');
}

async function declaredStays(page: Page): Promise<void> {
  await openMenu(page, '系统管理', '值集类型');
  const code = page.getByRole('textbox', { name: '值集类型编码' }).filter({ visible: true });
  await code.fill('SLC_TAXPAYER_TYPE');
  await page.getByRole('button', { name: '查询', exact: true }).filter({ visible: true }).click();
  const row = dataRows(shownTable(page)).filter({ hasText: 'SLC_TAXPAYER_TYPE' });
  await expect(row).toHaveCount(1);
  await (await rowAction(row, '删除')).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^确\s*定$/ })
    .click();
  await expect(toast(page, '值集类型 SLC_TAXPAYER_TYPE 在元数据中定义，不能删除')).toBeVisible();
  await expect(row).toHaveCount(1);
}

test('an administrator creates a value set from the designer, uses it in a field, and maintains it on the lookup screens', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await test.step('designer: a new value set on the spot, pickers search by name', () => designWithNewValueSet(page));
  await test.step('值集类型 / 值集类型维护: values edited and added as lines', () => maintainOnLookupTypeEdit(page));
  await test.step('值集值: the values listed and one edited', () => maintainOnLookup(page));
  await test.step('a value set of the metadata files cannot be deleted', () => declaredStays(page));
});
