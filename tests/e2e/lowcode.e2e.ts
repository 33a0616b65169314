/**
 * The low-code promise end to end (issue 7): an administrator designs a screen in table_model
 * (an entity with 8 fields — a lookup, a reference, an amount, a date, a Y/N flag — and a line
 * entity), lays out its list/edit/detail pages, validates, previews and publishes it; adds a
 * menu for it under the buyer's role with create/edit buttons through the menu screens; the
 * buyer signs in (no server restart) and creates, edits and finds a record; the admin then adds
 * a field and retires another — the retired column's data is still in the database, the new
 * field is usable. The screen also gets a lifecycle defined in the designer, with behaviour and
 * no code (issue 32): on submit a to-do for the approvers (the purchasing manager's responsibility),
 * on approval a notification to the creator, and a close seven days after the signing date. The
 * buyer submits the record, which then waits for approval and can no longer be changed; manager01
 * approves it from the to-do on the home page; the buyer sees the notification; the admin runs the
 * close timer now on the timers screen, and the record is closed.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import {
  choose,
  chooseAnother,
  clickExpectingToast,
  dataRows,
  decide,
  dropdownOf,
  fieldMessage,
  fieldValue,
  formItem,
  openMenu,
  save,
  signIn,
  typeDate,
  rowAction,
  rowActionNames,
} from './support';

test.describe.configure({ mode: 'serial' });

const ENTITY = 'srmDemoContract';
const LIST = 'demoContracts';

interface SqliteDatabase {
  prepare(sql: string): { all(): unknown[] };
  close(): void;
}
type SqliteOpen = new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteDatabase;

/** The SQLite file the e2e server writes (playwright.config.ts: DATA_DIR of the runner's pid). */
function readDatabase<T>(sql: string): T[] {
  const file = path.join(os.tmpdir(), `meridian-e2e-${process.ppid}`, 'e2e.sqlite');
  const Database = createRequire(__filename)('better-sqlite3') as SqliteOpen; // the server's own driver
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const visible = (page: Page) => page.locator('[data-tab-panel]:not([hidden])');
const designerTab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const fieldsTable = (page: Page) => page.getByRole('table', { name: '字段' });
const fieldRow = (page: Page, index: number) => fieldsTable(page).locator('tbody tr').nth(index);

interface FieldInput {
  name: string;
  cn: string;
  en: string;
  type: string;
  extra?: (row: Locator) => Promise<void>;
}

async function addField(page: Page, field: FieldInput): Promise<void> {
  const rows = fieldsTable(page).locator('tbody tr');
  const count = await rows.count(); // the last row holds the add button
  await page.getByRole('button', { name: '新增字段' }).click();
  const row = fieldRow(page, count - 1);
  await row.getByRole('textbox', { name: '字段名' }).fill(field.name);
  await row.getByRole('textbox', { name: '中文标签' }).fill(field.cn);
  await row.getByRole('textbox', { name: '英文标签' }).fill(field.en);
  if (field.type !== '字符串')
    await choose(row.getByRole('combobox', { name: '类型', exact: true }), field.type, field.type);
  if (field.extra) await field.extra(row);
}

async function openTableModel(page: Page): Promise<void> {
  await openMenu(page, '系统管理', '表模型');
  await expect(designerTab(page, '文档')).toBeVisible();
}

async function designContract(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: '实体名' }).fill(ENTITY);
  await page.getByRole('textbox', { name: '中文名称' }).fill('合同台账');
  await page.getByRole('textbox', { name: '英文名称' }).fill('Contracts');
  await page.getByRole('button', { name: '新建实体' }).click();
  await expect(fieldRow(page, 0).getByRole('textbox', { name: '字段名' })).toHaveValue('title');
  await fieldRow(page, 0).getByRole('textbox', { name: '中文标签' }).fill('合同名称');
  await fieldRow(page, 0).getByRole('textbox', { name: '英文标签' }).fill('Contract name');
  await addField(page, {
    name: 'contractNo',
    cn: '合同编号',
    en: 'Contract no.',
    type: '字符串',
    extra: async (row) => {
      const rules = row.getByRole('button', { name: '校验规则 contractNo' });
      await rules.click();
      await page.getByRole('textbox', { name: '正则表达式' }).fill('HT-\\d{3}(-[A-Z])?'); // the company's contract numbers
      await rules.click();
      await expect(page.getByRole('textbox', { name: '正则表达式' })).toBeHidden();
    },
  });
  await addField(page, {
    name: 'currencyCode',
    cn: '币种',
    en: 'Currency',
    type: '值集',
    extra: (row) => choose(row.getByRole('combobox', { name: '值集类型' }), 'BASE_CURRENCY 币种', 'BASE_CURRENCY'),
  });
  await addField(page, {
    name: 'orgId',
    cn: '签约公司',
    en: 'Company',
    type: '引用',
    extra: async (row) => {
      await choose(row.getByRole('combobox', { name: '引用实体' }), 'baseOrganization', 'baseOrg');
      await choose(row.getByRole('combobox', { name: '显示字段' }), 'orgName', 'orgN'); // the target's fields, read from its document
    },
  });
  await addField(page, {
    name: 'amount',
    cn: '合同金额',
    en: 'Amount',
    type: '金额',
    extra: async (row) => {
      await row.getByRole('spinbutton', { name: '精度' }).fill('20');
      await row.getByRole('spinbutton', { name: '小数位' }).fill('2');
    },
  });
  await addField(page, { name: 'signDate', cn: '签订日期', en: 'Signed on', type: '日期' });
  await addField(page, { name: 'urgentFlag', cn: '加急', en: 'Urgent', type: '是/否' });
  await addField(page, { name: 'contactName', cn: '联系人', en: 'Contact', type: '字符串' });
  await expect(fieldsTable(page).locator('tbody tr')).toHaveCount(9);
}

async function designLines(page: Page): Promise<void> {
  await page.getByRole('button', { name: '新增行实体' }).click();
  await expect(page.getByRole('textbox', { name: '实体名' })).toHaveValue(`${ENTITY}Line`);
  await addField(page, { name: 'itemDesc', cn: '条目', en: 'Item', type: '字符串' });
  await page.getByRole('button', { name: ENTITY, exact: true }).click();
  await expect(page.getByRole('textbox', { name: '实体名' })).toHaveValue(ENTITY);
}

const transitionRow = (page: Page, index: number) => page.getByLabel('流转项', { exact: true }).nth(index);

/** Opens a transition's behaviour section (folded by default). */
async function behaviourOf(page: Page, index: number): Promise<Locator> {
  const row = transitionRow(page, index);
  await row.getByRole('button', { name: '行为', exact: true }).click();
  await expect(row.getByRole('button', { name: '新增待办' })).toBeVisible();
  return row;
}

/**
 * A lifecycle defined here: the starting one (submit, approve, reject) over a value set that also
 * has CLOSED; approval notifies the creator and clears the urgent flag, and a timer closes an
 * approved contract seven days after its signing date. The entity gains its status field (over that value set).
 */
async function defineFlow(page: Page): Promise<void> {
  await page.getByRole('button', { name: '新建状态流' }).click();
  await expect(page.getByRole('textbox', { name: '状态流名称' })).toHaveValue(`${ENTITY}Flow`);
  const actions = page.getByRole('textbox', { name: '动作' });
  await expect(actions).toHaveCount(3);
  await expect(actions.first()).toHaveValue('doSubmit');
  await page.getByRole('textbox', { name: '中文名称' }).first().fill('提交审批'); // this screen's wording
  await choose(page.getByRole('combobox', { name: '状态值集' }), 'PUR_REQUISITION_STATUS 采购申请状态', 'PUR_REQ');
  const states = page.getByRole('combobox', { name: '状态', exact: true });
  await states.click();
  await states.pressSequentially('CLOSED');
  await states.press('Enter');
  await states.press('Escape');

  const approve = await behaviourOf(page, 1);
  await expect(approve.getByText('记录审批人')).toBeVisible(); // the starting lifecycle's stamp, in words
  await approve.getByRole('button', { name: '新增通知' }).click();
  await expect(approve.locator('.ant-select-selection-item[title="创建人"]')).toBeVisible(); // the default recipient
  await approve.getByRole('textbox', { name: '中文标题' }).fill('合同 {title} 已审批');
  await approve.getByRole('textbox', { name: '英文标题' }).fill('Contract {title} approved');
  await approve.getByRole('textbox', { name: '中文内容' }).fill('您创建的合同已审批通过');
  await approve.getByRole('textbox', { name: '英文内容' }).fill('Your contract was approved');
  await approve.getByRole('button', { name: '新增关闭待办' }).click(); // the approver's to-do ends with the decision
  // Not chooseAnother: once picked, the long type list (virtual) scrolls the picked option out of view.
  const closed = approve.getByRole('combobox', { name: '待办类型' });
  await closed.click();
  await closed.fill('合同审批');
  await (await dropdownOf(closed)).getByTitle('合同审批', { exact: true }).click();
  await closed.press('Escape');
  await expect(approve.locator('.ant-select-selection-item[title="合同审批"]')).toBeVisible();
  // An approved contract is no longer urgent: the approval writes 加急 = N.
  await approve.getByRole('button', { name: '新增写入字段' }).click();
  const written = approve.getByLabel('写入的字段', { exact: true });
  await choose(written.getByRole('combobox', { name: '字段', exact: true }), '加急');
  await written.getByRole('textbox', { name: '值', exact: true }).fill('N');

  await page.getByRole('button', { name: '新增流转' }).click();
  const close = transitionRow(page, 3);
  await close.getByRole('textbox', { name: '动作' }).fill('doClose');
  await chooseAnother(close.getByRole('combobox', { name: '起始状态' }), 'APPROVED');
  await choose(close.getByRole('combobox', { name: '目标状态' }), 'CLOSED');
  await close.getByRole('textbox', { name: '按钮资源' }).fill('btnClose');
  await close.getByRole('textbox', { name: '中文名称' }).fill('关闭');
  await close.getByRole('textbox', { name: '英文名称' }).fill('Close');
  await behaviourOf(page, 3);
  await close.getByRole('button', { name: '新增定时' }).click();
  await expect(close.locator('.ant-select-selection-item[title="签订日期"]')).toBeVisible(); // the only date field
  await close.getByRole('spinbutton', { name: '加天数' }).fill('7');
  await close.getByRole('textbox', { name: '中文说明' }).fill('签订满 7 天，系统自动关闭');
  await close.getByRole('textbox', { name: '英文说明' }).fill('Closed 7 days after signing');
  await page.getByRole('button', { name: ENTITY, exact: true }).click();
  await expect(
    fieldsTable(page)
      .locator('tbody tr')
      .filter({ has: page.locator('input[value="status"]') }),
  ).toHaveCount(1);
}

/** A lookup field without its lookup type: validation names that field's row, then it is removed. */
async function validateMistake(page: Page): Promise<void> {
  await addField(page, { name: 'badKind', cn: '错误', en: 'Wrong', type: '值集' });
  await page.getByRole('button', { name: '校验', exact: true }).click();
  const row = fieldRow(page, 8);
  await expect(row.getByText(/lookup field "badKind" has no lookupType/)).toBeVisible();
  await row.getByRole('button', { name: '移除' }).click();
  await expect(fieldsTable(page).locator('tbody tr')).toHaveCount(9);
}

async function layOutAndPublish(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: '列表页路径' }).fill(LIST);
  await page.getByRole('button', { name: '生成页面' }).click();
  await expect(page.getByText(`列表页 · ${LIST}`)).toBeVisible();
  // The admin adjusts the list: no delete button, a wider contract-name column.
  await page.getByRole('checkbox', { name: 'btnDelete' }).uncheck();
  await page.getByRole('spinbutton', { name: '列宽' }).first().fill('220');
  await clickExpectingToast(page.getByRole('button', { name: '校验', exact: true }), '校验通过');
  await page.getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog', { name: '预览' });
  await expect(preview.getByText('预览：示例数据，页面尚未发布，保存不会写入数据库')).toBeVisible();
  await expect(preview.getByRole('cell', { name: '合同名称1', exact: true })).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: '发布', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '发布前确认' });
  await expect(dialog.getByText('create table srm_demo_contract', { exact: false }).first()).toBeVisible();
  await expect(dialog.getByText(`lifecycle:${ENTITY}Flow`, { exact: false }).first()).toBeVisible();
  await dialog.getByRole('textbox', { name: '发布说明' }).fill('contracts screen');
  await clickExpectingToast(dialog.getByRole('button', { name: '确认发布' }), '发布成功');
}

test('an administrator designs, publishes and grants a screen; the buyer uses it; the admin adds and retires fields; its to-do, notification and timer work', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  await signIn(page, 'admin');
  await openTableModel(page);
  await test.step('design and publish', async () => {
    await designContract(page);
    await validateMistake(page);
    await designLines(page);
    await defineFlow(page);
    await layOutAndPublish(page);
  });
  await test.step('menu under the buyer role', () => grantMenu(page));
  await test.step('the buyer creates, edits and finds a record', () => buyerWorks(browser));
  await test.step('the admin adds a field and retires another', () => changeModel(page));
  await test.step('the retired column keeps its data; the new field is usable', async () => {
    const rows = readDatabase<{ contact_name: string; contract_no: string }>(
      'SELECT contact_name, contract_no FROM srm_demo_contract',
    );
    expect(rows).toEqual([{ contact_name: '张经理', contract_no: 'HT-001-A' }]);
    await buyerUsesNewField(browser);
  });
  await test.step('manager01 approves from the to-do; the buyer is notified', () => approveFromTodo(browser));
  await test.step('the admin runs the close timer now: the contract is closed', () => closeByTimer(page, browser));
});

const CONTRACT_MENU = '合同台账';

/** Menu screens as an administrator uses them: the menu, its buttons, the buyer role's permits. */
async function grantMenu(page: Page): Promise<void> {
  await openMenu(page, '系统管理', '菜单管理');
  await expect(page).toHaveURL(/systemsetting\/menuFunction/);
  await expect(visible(page).getByRole('columnheader', { name: '菜单编码' })).toBeVisible();
  await visible(page).getByRole('button', { name: '新增', exact: true }).click();
  const menuDialog = page.getByRole('dialog');
  await formItem(menuDialog, '菜单编码').getByRole('textbox').fill('DEMO_CONTRACTS');
  await choose(menuDialog.getByRole('combobox', { name: '菜单类型' }), '页面');
  await formItem(menuDialog, '菜单名称(中文)').getByRole('textbox').fill(CONTRACT_MENU);
  await formItem(menuDialog, '菜单名称(英文)').getByRole('textbox').fill('Contracts');
  await formItem(menuDialog, '页面路径').getByRole('textbox').fill(LIST);
  // The parent is picked from the menu tree by name; the level follows from it (read-only here).
  const parentPicker = menuDialog.getByRole('combobox', { name: '上级菜单' });
  // The chosen parent's text lies over the input: click through it, as a user clicks the select.
  await parentPicker.click({ force: true });
  await parentPicker.pressSequentially('采购管理', { delay: 50 });
  await page.locator('.ant-select-dropdown:visible .ant-select-tree').getByTitle('采购管理', { exact: true }).click();
  await expect(formItem(menuDialog, '层级').getByRole('spinbutton')).toHaveCount(0);
  await formItem(menuDialog, '序号').getByRole('spinbutton').fill('90');
  const enabled = formItem(menuDialog, '启用').getByRole('checkbox');
  if (await enabled.count()) await enabled.check();
  await save(menuDialog);
  await expect(menuDialog).toBeHidden();

  await createButtons(page);

  await openMenu(page, '系统管理', '角色管理');
  await expect(page).toHaveURL(/systemsetting\/role/);
  await formItem(visible(page), '角色编码').getByRole('textbox').fill('BUYER');
  await visible(page)
    .getByRole('button', { name: /^查\s*询$/ })
    .click();
  const row = dataRows(visible(page).getByRole('table')).filter({ hasText: 'BUYER' });
  await row.getByRole('button', { name: '菜单权限' }).click();
  await expect(page.getByTestId('privilege-role')).toContainText('BUYER');
  const node = page
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByText(`${CONTRACT_MENU}-DEMO_CONTRACTS`, { exact: true }) });
  await node.locator('.ant-tree-checkbox').click();
  await expect(node.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await clickExpectingToast(page.getByRole('button', { name: /^保\s*存$/ }), '权限已保存');
}

/**
 * The menu's buttons, created from its pages' declarations in one step (issue 33, item 3): the
 * list's, the edit page's and the lifecycle's, with their CN/EN names; the delete button the
 * admin took off the list is not among them. A second run creates nothing.
 */
async function createButtons(page: Page): Promise<void> {
  await formItem(visible(page), '菜单编码').getByRole('textbox').fill('DEMO_CONTRACTS');
  await visible(page)
    .getByRole('button', { name: /^查\s*询$/ })
    .click();
  const menuRow = dataRows(visible(page).getByRole('table')).filter({ hasText: 'DEMO_CONTRACTS' });
  await expect(menuRow).toHaveCount(1);
  for (const done of [/^已生成 \d+ 个按钮，已有 0 个$/, /^已生成 0 个按钮，已有 \d+ 个$/]) {
    await (await rowAction(menuRow, '生成按钮')).click();
    await clickExpectingToast(page.getByRole('dialog').getByRole('button', { name: /^确\s*定$/ }), done);
  }

  await openMenu(page, '系统管理', '按钮管理');
  await expect(page).toHaveURL(/systemSetting\/btnList/);
  const search = visible(page);
  const menuPicker = search.getByRole('combobox', { name: '菜单', exact: true });
  // The screen opens on every menu's buttons: its URL's menuId (the button screen's own) is no search value.
  // (Within the 菜单 item: the grid's pager has a select of its own once the rows are in.)
  await expect(formItem(search, '菜单').locator('.ant-select-selection-item')).toHaveCount(0);
  await menuPicker.click();
  await menuPicker.pressSequentially(CONTRACT_MENU, { delay: 80 });
  await (await dropdownOf(menuPicker)).getByTitle(CONTRACT_MENU, { exact: true }).click();
  await search.getByRole('button', { name: /^查\s*询$/ }).click();
  const table = search.getByRole('table');
  for (const [code, cn, en] of [
    ['btnAdd', '新增', 'New'],
    ['btnEdit', '编辑', 'Edit'],
    ['btnSave', '保存', 'Save'],
    ['btnSubmit', '提交审批', 'Submit'],
    ['btnApprove', '审批通过', 'Approve'], // manager01 approves: the purchasing manager's responsibility has the buyer role too
    ['btnClose', '关闭', 'Close'],
  ])
    await expect(dataRows(table).filter({ hasText: code }), code).toContainText([cn, en].join(''));
  await expect(dataRows(table).filter({ hasText: 'btnDelete' })).toHaveCount(0);
}

async function buyerPage(browser: Browser): Promise<Page> {
  const page = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' })
  ).newPage();
  await signIn(page, 'buyer01');
  return page;
}

const CONTRACT = '年度框架合同';
/** Signed a month ago: seven days after it, the close timer finds the contract due. */
const SIGNED = new Date(Date.now() - 30 * 86_400_000).toLocaleDateString('sv'); // YYYY-MM-DD, local

/** On submit, a to-do for the purchasing managers, opening this screen's edit page on the record. */
async function addApprovalTodo(page: Page): Promise<void> {
  await openDraft(page, `${ENTITY}Flow`);
  const submit = await behaviourOf(page, 0);
  await submit.getByRole('button', { name: '新增待办' }).click();
  await choose(submit.getByRole('combobox', { name: '待办类型' }), '合同审批', '合同审批');
  await chooseAnother(submit.getByRole('combobox', { name: '职责' }), '采购经理', '采购经理');
  await submit.getByRole('textbox', { name: '中文标题' }).fill('合同 {title} 待审批');
  await submit.getByRole('textbox', { name: '英文标题' }).fill('Contract {title} to approve');
  await choose(submit.getByRole('combobox', { name: '打开菜单' }), CONTRACT_MENU, CONTRACT_MENU);
  await expect(submit.getByRole('textbox', { name: '链接' })).toHaveValue(`${LIST}Edit?id={id}`);
}

/**
 * The new record's page (issue 33, item 4): the breadcrumb names the menu path it was opened from,
 * and the status, which the lifecycle owns, is shown but cannot be picked.
 */
async function newRecordPage(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: '面包屑' })).toHaveText(
    new RegExp(`^首页\\s*/\\s*采购管理\\s*/\\s*${CONTRACT_MENU}\\s*/\\s*合同台账维护$`),
  );
  await expect(formItem(page, '状态')).toBeVisible();
  await expect(page.getByRole('combobox', { name: '状态', exact: true })).toHaveCount(0);
}

async function buyerWorks(browser: Browser): Promise<void> {
  const page = await buyerPage(browser);
  await openMenu(page, '采购管理', CONTRACT_MENU);
  await expect(page.getByRole('button', { name: '新增', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '删除', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page.getByRole('button', { name: '保存', exact: true })).toBeVisible();
  await newRecordPage(page);
  await page.getByRole('textbox', { name: '合同名称' }).fill(CONTRACT);
  await page.getByRole('textbox', { name: '合同编号' }).fill('HT1');
  await choose(page.getByRole('combobox', { name: '币种' }), '人民币');
  await choose(page.getByRole('combobox', { name: '签约公司' }), '子午线电子(苏州)有限公司', '电子');
  await page.getByRole('spinbutton', { name: '合同金额' }).fill('125000.5');
  await typeDate(page.getByRole('textbox', { name: '签订日期' }), SIGNED);
  await page.getByRole('textbox', { name: '联系人' }).fill('张经理');
  const lines = page.getByRole('region', { name: '合同台账行' });
  await lines.getByRole('button', { name: '新增行' }).click();
  const line = dataRows(lines.getByRole('table')).first();
  await formItem(page, '加急').getByRole('checkbox').check();
  await line.getByRole('textbox', { name: '条目' }).fill('年度维保服务');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(fieldMessage(page, '合同编号')).toHaveText('格式不正确'); // the admin's pattern, checked before anything is sent
  await page.getByRole('textbox', { name: '合同编号' }).fill('HT-001');
  await save(page);
  await expect(page).toHaveURL(/[?&]id=\d+/);

  const contractNo = page.getByRole('textbox', { name: '合同编号' });
  await expect(contractNo).toHaveValue('HT-001'); // the saved record, read back
  await contractNo.fill('HT-001-A');
  await expect(contractNo).toHaveValue('HT-001-A');
  await save(page);

  const fresh = await buyerPage(browser);
  await openMenu(fresh, '采购管理', CONTRACT_MENU);
  await formItem(visible(fresh), '合同名称').getByRole('textbox').fill('框架');
  await visible(fresh)
    .getByRole('button', { name: /^查\s*询$/ })
    .click();
  const found = dataRows(visible(fresh).getByRole('table'));
  await expect(found).toHaveCount(1);
  await expect(found.first()).toContainText('HT-001-A');
  await expect(found.first()).toContainText('125,000.50');
  await expect(found.first()).toContainText('子午线电子(苏州)有限公司');
  await fresh.context().close();
  await page.context().close();
}

/** A column row of the list page designer, by the field it shows. */
const designedColumn = (page: Page, field: string) =>
  visible(page).locator('[aria-label="列"]').filter({ hasText: field });

async function openDraft(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
}

/** Takes contactName out of an edit/detail page's section and puts paymentTerms in. */
async function swapSectionField(page: Page, pagePath: string): Promise<void> {
  await openDraft(page, pagePath);
  // An antd form item (the designer is not a Formily form): the one labelled 字段.
  const fields = visible(page)
    .locator('.ant-form-item')
    .filter({ has: page.locator('label', { hasText: /^字段$/ }) })
    .first();
  await fields
    .locator('.ant-select-selection-item')
    .filter({ hasText: 'contactName' })
    .locator('.ant-select-selection-item-remove')
    .click();
  await chooseAnother(fields.getByRole('combobox'), 'paymentTerms 付款条件', 'payment');
  await expect(fields.locator('.ant-select-selection-item').filter({ hasText: 'paymentTerms' })).toHaveCount(1);
}

/** The 文档 tab lists the application's entities too (issue 33, item 4): found by label, read, not opened. */
async function readShippedEntity(page: Page): Promise<void> {
  const search = page.getByRole('searchbox', { name: '搜索文档' });
  await search.fill('采购申请');
  const row = page
    .getByRole('table', { name: '已建模文档' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'srmPurRequisitionHeader', exact: true }) });
  await expect(row).toContainText('系统内置');
  await row.getByRole('button', { name: '查看' }).click();
  const dialog = page.getByRole('dialog', { name: '实体 srmPurRequisitionHeader' });
  // Its fields: name, label and type.
  await expect(dialog.getByRole('row').filter({ hasText: 'requisitionType' })).toContainText('申请类型值集');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await search.fill('');
}

async function changeModel(page: Page): Promise<void> {
  await openTableModel(page);
  await designerTab(page, '文档').click();
  await readShippedEntity(page);
  await page
    .getByRole('table', { name: '已建模文档' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: ENTITY, exact: true }) })
    .getByRole('button', { name: '打开' })
    .click();
  await expect(page.getByRole('textbox', { name: '实体名' })).toHaveValue(ENTITY);
  await addField(page, { name: 'paymentTerms', cn: '付款条件', en: 'Payment terms', type: '字符串' });

  await openDraft(page, LIST);
  await designedColumn(page, 'contactName').getByRole('button', { name: '移除' }).click();
  await page.getByRole('button', { name: '新增列' }).click();
  const added = visible(page).locator('[aria-label="列"]').last();
  await choose(added.getByRole('combobox', { name: '列字段' }), 'paymentTerms 付款条件', 'payment');
  await added.getByRole('textbox', { name: '中文标签' }).fill('付款条件');
  await added.getByRole('textbox', { name: '英文标签' }).fill('Payment terms');
  await swapSectionField(page, `${LIST}Edit`);
  await swapSectionField(page, `${LIST}Detail`);
  await addApprovalTodo(page); // its menu exists now (grantMenu)

  await page.getByRole('button', { name: '发布', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '发布前确认' });
  await expect(dialog.getByText('add column srm_demo_contract.payment_terms', { exact: false })).toBeVisible();
  await clickExpectingToast(dialog.getByRole('button', { name: '确认发布' }), '发布成功');

  await openDraft(page, ENTITY);
  const contact = fieldsTable(page)
    .locator('tbody tr')
    .filter({ has: page.locator('input[value="contactName"]') });
  await contact.getByRole('button', { name: '停用' }).click();
  const retire = page.getByRole('dialog', { name: `停用字段 ${ENTITY}.contactName` });
  await expect(retire.getByText(/没有引用|menu:DEMO_CONTRACTS/).first()).toBeVisible();
  await clickExpectingToast(retire.getByRole('button', { name: '确认停用' }), `已停用 ${ENTITY}.contactName`);
  await expect(contact.getByText('已停用')).toBeVisible();

  await designerTab(page, '版本').click();
  await choose(page.getByRole('combobox', { name: '选择文档' }), `实体 ${ENTITY}`, ENTITY);
  const versions = dataRows(page.getByRole('table', { name: '版本' }));
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText('RETIRE');
}

async function buyerUsesNewField(browser: Browser): Promise<void> {
  const page = await buyerPage(browser);
  await openMenu(page, '采购管理', CONTRACT_MENU);
  const table = visible(page).getByRole('table');
  await expect(table.getByRole('columnheader', { name: '付款条件' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '联系人' })).toHaveCount(0);
  await (await rowAction(dataRows(table).first(), '编辑')).click();
  await expect(page.getByRole('textbox', { name: '合同名称' })).toHaveValue(CONTRACT);
  await expect(page.getByRole('textbox', { name: '联系人' })).toHaveCount(0);
  await page.getByRole('textbox', { name: '付款条件' }).fill('月结30天');
  await save(page);
  const list = await buyerPage(browser);
  await openMenu(list, '采购管理', CONTRACT_MENU);
  const row = dataRows(visible(list).getByRole('table')).first();
  await expect(row).toContainText('月结30天');
  await expect(row).toContainText('新建');
  await clickExpectingToast(await rowAction(row, '提交审批'), '操作成功');
  await expect(row).toContainText('审批中');
  const actions = await rowActionNames(row);
  expect(actions).not.toContain('提交审批'); // only from draft or rejected
  expect(actions).not.toContain('编辑'); // under approval: not changed behind the approver's back
  await list.context().close();
  await page.context().close();
}

async function userPage(browser: Browser, user: string): Promise<Page> {
  const page = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' })
  ).newPage();
  await signIn(page, user);
  return page;
}

async function approveFromTodo(browser: Browser): Promise<void> {
  const manager = await userPage(browser, 'manager01');
  await manager
    .getByTestId('home-todos')
    .getByRole('button', { name: `合同 ${CONTRACT} 待审批`, exact: true })
    .click();
  await expect(manager).toHaveURL(new RegExp(`${LIST}Edit\\?id=\\d+`));
  await expect(fieldValue(manager, '合同名称')).toHaveText(CONTRACT, { timeout: 15_000 }); // read-only under approval
  await decide(manager, '审批通过', '同意', false);
  await expect(fieldValue(manager, '状态')).toHaveText('已审批');
  const todos = readDatabase<{ handle_flag: string }>(
    "SELECT handle_flag FROM base_todo WHERE entity_name = 'srmDemoContract'",
  );
  expect(todos).toEqual([{ handle_flag: 'Y' }]);
  expect(readDatabase<{ urgent_flag: string }>('SELECT urgent_flag FROM srm_demo_contract')).toEqual([
    { urgent_flag: 'N' },
  ]);
  await manager.context().close();

  const buyer = await userPage(browser, 'buyer01');
  await expect(
    buyer.getByTestId('home-notifications').getByRole('link', { name: `合同 ${CONTRACT} 已审批` }),
  ).toBeVisible();
  await buyer.context().close();
}

async function closeByTimer(page: Page, browser: Browser): Promise<void> {
  await openMenu(page, '系统管理', '定时任务');
  await visible(page).getByRole('button', { name: '立即运行' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(`${ENTITY}.doClose`);
  await clickExpectingToast(dialog.getByRole('button', { name: /^确\s*定$/ }), /已运行/);
  const buyer = await userPage(browser, 'buyer01');
  await openMenu(buyer, '采购管理', CONTRACT_MENU);
  await expect(dataRows(visible(buyer).getByRole('table')).first()).toContainText('已关闭');
  await buyer.context().close();
}
