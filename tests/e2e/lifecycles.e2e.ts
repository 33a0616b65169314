/**
 * The SRM lifecycles of issue 6 end to end, each person in a browser context of their own:
 * - supplier01 asks to change its company e-mail; manager01 approves it from 我的待审批; the
 *   supplier master (我的企业信息) then shows the new value;
 * - buyer01 submits the demo qualification review; manager01 rejects it with a comment; buyer01
 *   ticks an inspection site (the locked site stays read-only) and submits again; manager01 approves;
 * - buyer01 submits two score sheets from the list; manager01 selects both and approves them in one batch.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  callAsSession,
  choose,
  cellUnder,
  dataRows,
  decide,
  dropdownOf,
  fieldValue,
  openMenu,
  openSubMenu,
  runConfirmed,
  save,
  unique,
  revealInGrid,
  rowAction,
  signIn,
} from './support';

type Person = 'buyer01' | 'manager01' | 'supplier01';
/** A menu directory each person's sider shows once their menus have loaded. */
const LANDMARK: Record<Person, string> = { buyer01: '审批中心', manager01: '审批中心', supplier01: '企业信息维护' };

async function signedIn(browser: Browser, userName: Person): Promise<Page> {
  const { baseURL, locale, viewport } = test.info().project.use;
  const page = await (await browser.newContext({ baseURL, locale, viewport })).newPage();
  await signIn(page, userName, { timeout: 30_000 });
  await expect(
    page.getByRole('navigation', { name: '菜单' }).getByRole('menuitem', { name: LANDMARK[userName], exact: true }),
  ).toBeVisible({ timeout: 30_000 });
  return page;
}

/** A text on the current tab (other tabs stay mounted, hidden). */
const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true });
/** The table of the current tab. */
const visibleTable = (page: Page) => page.getByRole('table').filter({ visible: true }).first();

/** manager01 opens a document from 我的待审批 by its to-do title. */
async function openFromUpcoming(page: Page, title: string, route: RegExp): Promise<void> {
  await openMenu(page, '审批中心', '我的待审批');
  await expect(page.getByRole('tab', { name: '我的待审批', selected: true })).toBeVisible();
  const item = shown(page, title);
  await expect(item).toHaveCount(1);
  await item.click();
  await expect(page).toHaveURL(route);
}

test('a supplier info change, submitted by the supplier and approved, shows in the supplier master', async ({
  browser,
}) => {
  test.slow();
  const email = `${unique('sales')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()}@hengda-hw.com`;
  const supplier = await signedIn(browser, 'supplier01');
  await openMenu(supplier, '企业信息维护', '信息变更申请');
  await expect(supplier).toHaveURL(/#\/main\/changeInfoList/);
  await supplier.getByRole('button', { name: '新增', exact: true }).click();
  await expect(supplier).toHaveURL(/#\/main\/changeInfoEdit/);
  await expect(supplier.getByRole('button', { name: '保存', exact: true })).toBeVisible();
  await choose(supplier.getByRole('combobox', { name: '供应商' }), '苏州恒达精密五金有限公司', '恒达');
  await choose(supplier.getByRole('combobox', { name: '变更类型' }), '基本信息');
  await supplier.getByRole('textbox', { name: '变更原因' }).fill('销售邮箱变更');
  await supplier.getByRole('textbox', { name: '公司邮箱(变更后)' }).fill(email);
  await save(supplier);
  await expect(supplier).toHaveURL(/[?&]id=\d+/);
  await expect(fieldValue(supplier, '变更单号')).toHaveText(/^CHG\d{12}$/);
  const number = (await fieldValue(supplier, '变更单号').innerText()).trim();
  await expect(supplier.getByRole('button', { name: '审批通过', exact: true })).toHaveCount(0);
  await runConfirmed(supplier, '提交');
  await expect(fieldValue(supplier, '状态')).toHaveText('审批中');

  const manager = await signedIn(browser, 'manager01');
  await openFromUpcoming(manager, `供应商信息变更 ${number} 待审批`, /#\/main\/changeInfoEdit\?id=\d+/);
  // The form is drawn before the record has loaded: wait for its number, then read the new value.
  await expect(fieldValue(manager, '变更单号')).toHaveText(number, { timeout: 20_000 });
  // Under approval the change is shown read-only: the approver decides on what was submitted.
  await expect(manager.getByText('当前状态的记录不能修改')).toBeVisible();
  await expect(fieldValue(manager, '公司邮箱(变更后)')).toHaveText(email);
  await decide(manager, '审批通过', '同意变更', false);
  await expect(fieldValue(manager, '状态')).toHaveText('已审批');

  await openMenu(supplier, '供应商协同', '我的企业信息');
  const table = visibleTable(supplier);
  const row = dataRows(table).filter({ hasText: '苏州恒达精密五金有限公司' });
  await expect(row).toHaveCount(1);
  await expect(await cellUnder(table, row, '公司邮箱')).toHaveText(email);
});

test('a qualification review is rejected with a comment, corrected and approved', async ({ browser }) => {
  test.slow();
  const buyer = await signedIn(browser, 'buyer01');
  await openMenu(buyer, '供应商管理', '资质审查');
  await expect(buyer).toHaveURL(/#\/main\/qualifyCensorList/);
  const list = visibleTable(buyer);
  const row = dataRows(list).filter({ hasText: 'QLF202611150001' });
  await expect(row).toHaveCount(1);
  await expect(await cellUnder(list, row, '状态')).toHaveText('新建');
  await runConfirmed(buyer, '提交', row);
  await expect(await cellUnder(list, row, '状态')).toHaveText('审批中');

  const manager = await signedIn(browser, 'manager01');
  const title = '资质审查 QLF202611150001 待审批';
  await openFromUpcoming(manager, title, /#\/main\/qualifyCensor\/QualifyCensorEdit\?id=\d+/);
  await decide(manager, '驳回', '请确认东莞供货点是否参与考察', true);
  await expect(fieldValue(manager, '状态')).toHaveText('已驳回');

  await buyer.reload();
  await openMenu(buyer, '供应商管理', '资质审查');
  const rejected = dataRows(visibleTable(buyer)).filter({ hasText: 'QLF202611150001' });
  await expect(await cellUnder(visibleTable(buyer), rejected, '状态')).toHaveText('已驳回');
  await (await rowAction(rejected, '编辑')).click();
  await expect(buyer).toHaveURL(/#\/main\/qualifyCensor\/QualifyCensorEdit\?id=\d+/);
  await expect(buyer.getByTestId('timeline-item').filter({ visible: true }).nth(1)).toContainText(
    '请确认东莞供货点是否参与考察',
  );
  const sites = buyer.getByRole('region', { name: '考察地点' }).getByRole('table');
  // Rows by position (an open row shows its name inside an input, not as text).
  const locked = dataRows(sites).nth(0);
  const open = dataRows(sites).nth(1);
  await expect(locked).toContainText('昆山瑞丰-苏州供货点');
  await expect(open).toContainText('昆山瑞丰-东莞供货点');
  // The locked site (editFlag N) never opens an editor; the open one does.
  // (The row's own selection checkbox is another column: look inside the participate cell only.)
  const lockedCell = await cellUnder(sites, locked, '参与考察');
  await lockedCell.click();
  await expect(lockedCell.getByRole('checkbox')).toHaveCount(0);
  const openCell = await cellUnder(sites, open, '参与考察');
  await openCell.click();
  await openCell.getByRole('checkbox').check();
  await save(buyer);
  await runConfirmed(buyer, '提交');
  await expect(fieldValue(buyer, '状态')).toHaveText('审批中');

  await openFromUpcoming(manager, title, /#\/main\/qualifyCensor\/QualifyCensorEdit\?id=\d+/);
  await manager.reload();
  await decide(manager, '审批通过', '同意引入', false);
  await expect(fieldValue(manager, '状态')).toHaveText('引入中');
});

/** The options an antd Select shows for a search: their titles. */
async function optionsFor(combobox: Locator, search: string): Promise<Locator> {
  await revealInGrid(combobox);
  await combobox.click({ force: true });
  await combobox.fill(search);
  return dropdownOf(combobox);
}

test('a qualification review applies for a company and inspects sites of operating units only', async ({ browser }) => {
  const buyer = await signedIn(browser, 'buyer01');
  await openMenu(buyer, '供应商管理', '资质审查');
  await buyer.getByRole('button', { name: '新增', exact: true }).click();
  await expect(buyer.getByRole('button', { name: '保存', exact: true })).toBeVisible({ timeout: 30_000 });
  // 苏州 names a company, its operating unit, its purchasing centre and two plants (demo data).
  const applying = await optionsFor(buyer.getByRole('combobox', { name: '申请组织', exact: true }), '苏州');
  await expect(applying.getByTitle('子午线电子(苏州)有限公司', { exact: true })).toBeVisible();
  for (const other of ['苏州业务实体', '苏州采购中心', '苏州一厂'])
    await expect(applying.getByTitle(other, { exact: true })).toHaveCount(0);
  await buyer.keyboard.press('Escape');

  const sites = buyer.getByRole('region', { name: '考察地点', exact: true });
  await sites.getByRole('button', { name: '新增行' }).click();
  const unit = await optionsFor(sites.getByRole('combobox', { name: '业务实体', exact: true }), '苏州');
  await expect(unit.getByTitle('苏州业务实体', { exact: true })).toBeVisible();
  for (const other of ['子午线电子(苏州)有限公司', '苏州采购中心', '苏州一厂'])
    await expect(unit.getByTitle(other, { exact: true })).toHaveCount(0);
});

/** A line's document number must name a document of its type and the bill's supplier (issue 33 item 16). */
async function excludedNumberIsChecked(buyer: Page): Promise<void> {
  await buyer.getByRole('button', { name: '新增', exact: true }).click();
  await expect(buyer.getByRole('button', { name: '保存', exact: true })).toBeVisible();
  await choose(buyer.getByRole('combobox', { name: '供应商' }), '苏州恒达精密五金有限公司', '恒达');
  await choose(buyer.getByRole('combobox', { name: '剔除原因' }), '数据错误');
  await buyer.getByRole('textbox', { name: '说明' }).fill(unique('单据号校验'));
  const lines = buyer.getByRole('region', { name: '剔除单据' });
  await lines.getByRole('button', { name: '新增行' }).click();
  const line = dataRows(lines.getByRole('table')).first();
  await choose(line.getByRole('combobox', { name: '单据类型' }), '订单行');
  await line.getByRole('textbox', { name: '单据号' }).fill('PO209912310001');
  await buyer.getByRole('button', { name: '保存', exact: true }).click();
  await expect(buyer.getByText('没有符合条件的采购订单"PO209912310001"').first()).toBeVisible();
  await line.getByRole('textbox', { name: '单据号' }).fill('PO202611210001');
  await save(buyer);
}

test('an exclusion bill is approved from its to-do, and from its detail page', async ({ browser }) => {
  test.slow(); // two users, three bills, one of them typed in the page
  const buyer = await signedIn(browser, 'buyer01');
  await openSubMenu(buyer, '绩效管理', '绩效调整', '剔除单');
  await excludedNumberIsChecked(buyer);
  const api = '/api/srmServer/v1/srmSpeExcludeHeaderRestful';
  const numbers: string[] = [];
  for (const description of [unique('到货延误剔除'), unique('收货数量剔除')]) {
    const body = {
      supplierId: 1,
      excludeReason: 'DATA_ERROR',
      description,
      lines: [{ docType: 'RECEIPT', docNumber: 'RCV202611169301' }],
    };
    const saved = await callAsSession(buyer, `${api}/saveOrUpdate`, body);
    expect(saved.status).toBe(200);
    expect((await callAsSession(buyer, `${api}/doSubmit`, { id: saved.data.excludeHeaderId })).status).toBe(200);
    numbers.push(String(saved.data.excludeNumber));
  }

  const manager = await signedIn(browser, 'manager01');
  await openFromUpcoming(manager, `剔除单 ${numbers[0]} 待审批`, /#\/main\/excludeBillEdit\?id=\d+/);
  await runConfirmed(manager, '审批通过');
  await expect(fieldValue(manager, '状态')).toHaveText('已审批');

  await openSubMenu(manager, '绩效管理', '绩效调整', '剔除单');
  const row = dataRows(visibleTable(manager)).filter({ hasText: numbers[1] });
  await (await rowAction(row, '查看')).click();
  await expect(manager).toHaveURL(/#\/main\/excludeBillDetail\?id=\d+/);
  await runConfirmed(manager, '审批通过');
  await expect(fieldValue(manager, '状态')).toHaveText('已审批');
});

test('two score sheets submitted from the list are approved in one batch', async ({ browser }) => {
  test.slow();
  const sheets = ['SCS202611200001', 'SCS202611200002'];
  const buyer = await signedIn(browser, 'buyer01');
  await openMenu(buyer, '绩效管理', '评分单');
  await expect(buyer).toHaveURL(/#\/main\/srmSpeSchemeScoreList/);
  for (const number of sheets) {
    const row = dataRows(visibleTable(buyer)).filter({ hasText: number });
    await runConfirmed(buyer, '提交', row);
    await expect(await cellUnder(visibleTable(buyer), row, '状态')).toHaveText('待审批');
  }

  const manager = await signedIn(browser, 'manager01');
  await openMenu(manager, '绩效管理', '评分单');
  const table = visibleTable(manager);
  for (const number of sheets) await dataRows(table).filter({ hasText: number }).getByRole('checkbox').check();
  await decide(manager, '批量审批通过', '评分合理', false);
  for (const number of sheets) {
    const row = dataRows(table).filter({ hasText: number });
    await expect(await cellUnder(table, row, '状态')).toHaveText('已审批');
    await expect(await cellUnder(table, row, '审批意见')).toHaveText('评分合理');
  }
});
