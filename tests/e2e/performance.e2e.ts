/**
 * Performance evaluation with appeal and rectification (DOMAIN.md §15 Flow 4) as the people do it,
 * through the menus, in Chinese. buyer01 sets up a quarterly scheme for supplier01 (苏州恒达, which
 * has receipts in the quarter) and supplier03 (宁波永固, which has none) on the approved demo
 * template and grade setting; manager01 approves it, which gives buyer01 and qe01 a score sheet
 * each. buyer01 fetches the on-time rate and the reject rate from this system's receipts and gives
 * supplier03 a −2 manual score; buyer01 and qe01 score by hand what the receipts cannot say, and
 * manager01 approves both sheets at once, which calculates the results: supplier03 72.50, grade C.
 * buyer01 releases it; supplier03 appeals from its to-do (a second appeal is refused, 409);
 * buyer01 accepts the appeal and rescores 76.00; supplier03 agrees; buyer01 asks for a
 * rectification, supplier03 reports it with a file, and buyer01 verifies it: CLOSED. Last, the
 * simple variant: buyer01 submits the demo December quick evaluation, manager01 approves it,
 * buyer01 notifies the suppliers, and supplier03's home shows the PERFORMANCE_SIMPLE item, which
 * is handled when opened and leads nowhere.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  callAsSession,
  cellUnder,
  choose,
  dataRows,
  decide,
  expectCells,
  fieldValue,
  openMenu,
  openSubMenu,
  runConfirmed,
  save,
  typeDate,
  unique,
  signIn as signInTab,
} from './support';

type User = 'buyer01' | 'manager01' | 'qe01' | 'supplier03';

const HENGDA = '苏州恒达精密五金有限公司';
const YONGGU = '宁波永固塑胶制品有限公司';
/** The first opening of a screen loads its code and references: slow on a shared two-core machine. */
const FIRST_OPEN = { timeout: 30_000 };

/** The local date `days` from today, YYYY-MM-DD (the server on this machine dates with it). */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The current quarter's name and first and last days (the demo receipts fall in it). */
function thisQuarter(): { name: string; start: string; end: string } {
  const now = new Date();
  const q = Math.floor(now.getMonth() / 3);
  const pad = (n: number) => String(n).padStart(2, '0');
  const year = now.getFullYear();
  const lastDay = new Date(year, q * 3 + 3, 0).getDate();
  return {
    name: `${year}Q${q + 1}`,
    start: `${year}-${pad(q * 3 + 1)}-01`,
    end: `${year}-${pad(q * 3 + 3)}-${lastDay}`,
  };
}

/** Each person signs in in a browser context of their own (the session lives in the tab). */
async function signIn(browser: Browser, user: User): Promise<Page> {
  const { baseURL, locale, viewport } = test.info().project.use;
  const page = await (await browser.newContext({ baseURL, locale, viewport })).newPage();
  await signInTab(page, user, FIRST_OPEN);
  return page;
}

/** The home's to-do list of the signed-in person. */
function homeTodos(page: Page): Locator {
  return page.getByTestId('home-todos');
}

/** Back to the home tab, as a person does (the home reads its lists again). */
async function goHome(page: Page): Promise<void> {
  await page.locator('a[href="#/main"]').filter({ visible: true, hasText: '首页' }).first().click();
  await expect(homeTodos(page)).toBeVisible();
}

/** The visible table of the current tab (hidden tabs keep theirs), or of a titled region of it. */
function visibleTable(page: Page, region?: string): Locator {
  return (region ? page.getByRole('region', { name: region }) : page.getByRole('main'))
    .getByRole('table')
    .filter({ visible: true })
    .first();
}

/** The row of the visible list holding `text`, once the list shows it. */
async function listRow(page: Page, text: string): Promise<Locator> {
  const row = dataRows(visibleTable(page)).filter({ hasText: text });
  await expect(row).toHaveCount(1, FIRST_OPEN);
  return row;
}

/** Fills the score column of the sheet's lines for one supplier and indicator. */
async function score(page: Page, supplier: string, indicator: string, value: string): Promise<void> {
  const row = dataRows(visibleTable(page, '供应商得分')).filter({ hasText: supplier }).filter({ hasText: indicator });
  await expect(row).toHaveCount(1);
  // The row turns editable when one of its cells is clicked.
  await (await cellUnder(visibleTable(page, '供应商得分'), row, '考评指标')).click();
  const input = row.getByRole('spinbutton', { name: '得分' });
  await input.fill(value);
  await input.blur();
}

/** A small PDF, as a supplier's report file. */
const REPORT_PDF = {
  name: 'rectification-report.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
};

/** The row of `supplier`'s result of the scheme in 考评结果. */
async function resultRow(page: Page, schemeName: string, supplier: string): Promise<Locator> {
  await openMenu(page, '绩效管理', '考评结果');
  // The tab may have stayed open since the last look: a person searches again for the current state.
  await page.getByRole('button', { name: '查询', exact: true }).filter({ visible: true }).click();
  const row = dataRows(visibleTable(page)).filter({ hasText: schemeName }).filter({ hasText: supplier });
  await expect(row).toHaveCount(1, FIRST_OPEN);
  return row;
}

test('CN: performance evaluation — scheme, receipts figures, manual score, scoring, calculation, release, appeal, rescore, agreement, rectification, simple evaluation to-do', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const quarter = thisQuarter();
  const schemeName = unique('E2E 季度考评');

  // 1. buyer01 sets up the quarter's scheme on the approved template and grade setting, and submits it.
  const buyer = await signIn(browser, 'buyer01');
  await openMenu(buyer, '绩效管理', '考评方案');
  await buyer.getByRole('button', { name: '新增', exact: true }).click();
  await expect(buyer.getByRole('button', { name: '保存', exact: true })).toBeVisible(FIRST_OPEN);
  await buyer.getByRole('textbox', { name: '方案名称' }).fill(schemeName);
  await choose(buyer.getByRole('combobox', { name: '组织' }), '子午线电子(苏州)有限公司', '子午线电子');
  await choose(buyer.getByRole('combobox', { name: '考评模板' }), '季度考评模板', '季度');
  await choose(buyer.getByRole('combobox', { name: '等级设置' }), '标准四级评定', '标准');
  await choose(buyer.getByRole('combobox', { name: '周期' }), '季度');
  await buyer.getByRole('textbox', { name: '考评期间' }).fill(quarter.name);
  await typeDate(buyer.getByRole('textbox', { name: '数据区间起' }), quarter.start);
  await typeDate(buyer.getByRole('textbox', { name: '数据区间止' }), quarter.end);
  await typeDate(buyer.getByRole('textbox', { name: '评分开始' }), dayFromToday(0));
  await typeDate(buyer.getByRole('textbox', { name: '评分截止' }), dayFromToday(5));
  await buyer.getByRole('spinbutton', { name: '申诉期(天)' }).fill('7');
  const suppliers = buyer.getByRole('region', { name: '考评供应商' });
  for (const [name, search] of [
    [HENGDA, '恒达'],
    [YONGGU, '永固'],
  ]) {
    const rows = dataRows(suppliers.getByRole('table'));
    const before = await rows.count();
    await suppliers.getByRole('button', { name: '新增行' }).click();
    await expect(rows).toHaveCount(before + 1);
    await choose(rows.nth(before).getByRole('combobox', { name: '供应商' }), name, search);
  }
  await save(buyer);
  await expect(buyer).toHaveURL(/[?&]id=\d+/);
  await runConfirmed(buyer, '提交');
  await expect(fieldValue(buyer, '状态')).toHaveText('审批中');

  // 2. manager01 approves it from the list: SCORING, with a score sheet for buyer01 and one for qe01.
  const manager = await signIn(browser, 'manager01');
  await openMenu(manager, '绩效管理', '考评方案');
  await runConfirmed(manager, '审批通过', await listRow(manager, schemeName));
  await expect(await listRow(manager, schemeName)).toContainText('评分中');

  // 3. buyer01 fetches the figures of the quarter from this system's receipts (supplier01 has some).
  await buyer.reload();
  await expect(fieldValue(buyer, '状态')).toHaveText('评分中', FIRST_OPEN);
  await runConfirmed(buyer, '取交货准时率');
  await runConfirmed(buyer, '取来料不良率');

  // 4. buyer01 gives supplier03 a −2 deduction on the scheme and puts it in force.
  await openSubMenu(buyer, '绩效管理', '绩效调整', '手工加减分');
  await buyer.getByRole('button', { name: '新增', exact: true }).click();
  const manual = buyer.getByRole('dialog');
  await choose(manual.getByRole('combobox', { name: '供应商' }), YONGGU, '永固');
  await choose(manual.getByRole('combobox', { name: '考评方案' }), schemeName, schemeName.slice(-8));
  await choose(manual.getByRole('combobox', { name: '加减分类型' }), '扣分');
  await manual.getByRole('spinbutton', { name: '分值' }).fill('-2');
  await manual
    .getByRole('textbox', { name: '原因' })
    .fill('10 月两次送货单资料不全 / incomplete delivery papers twice');
  await save(manual);
  await runConfirmed(buyer, '生效', await listRow(buyer, schemeName));

  // 5. buyer01 scores its sheet from the to-do: supplier01's on-time rate came from the receipts,
  // supplier03 had no receipts in the quarter, so it is scored by hand.
  await goHome(buyer);
  await homeTodos(buyer)
    .getByRole('button', { name: new RegExp(`待评分（${schemeName}）`) })
    .click();
  await expect(buyer).toHaveURL(/srmSpeSchemeScoreEdit\?id=\d+/, FIRST_OPEN);
  const buyerLines = visibleTable(buyer, '供应商得分');
  await expect(dataRows(buyerLines)).toHaveCount(6, FIRST_OPEN);
  const hengdaOnTime = dataRows(buyerLines).filter({ hasText: HENGDA }).filter({ hasText: '交货准时率' });
  await expect(await cellUnder(buyerLines, hengdaOnTime, '实际值')).toHaveText(/\d/);
  await score(buyer, YONGGU, '交货准时率', '70');
  await score(buyer, YONGGU, '价格竞争力', '75');
  await score(buyer, YONGGU, '服务响应', '70');
  await score(buyer, HENGDA, '价格竞争力', '85');
  await score(buyer, HENGDA, '服务响应', '90');
  await save(buyer);
  await runConfirmed(buyer, '提交');

  // 6. qe01 scores supplier03's reject rate by hand (supplier01's came from the inspections) and submits.
  const qe = await signIn(browser, 'qe01');
  await homeTodos(qe)
    .getByRole('button', { name: new RegExp(`待评分（${schemeName}）`) })
    .click();
  await expect(qe).toHaveURL(/srmSpeSchemeScoreEdit\?id=\d+/, FIRST_OPEN);
  await expect(dataRows(visibleTable(qe, '供应商得分'))).toHaveCount(2, FIRST_OPEN);
  await score(qe, YONGGU, '来料不良率', '80');
  await save(qe);
  await runConfirmed(qe, '提交');

  // 7. manager01 approves both sheets at once: the scheme is calculated.
  await openMenu(manager, '绩效管理', '评分单');
  const sheets = dataRows(visibleTable(manager)).filter({ hasText: schemeName });
  await expect(sheets).toHaveCount(2, FIRST_OPEN);
  for (const sheet of await sheets.all()) await sheet.getByRole('checkbox').check();
  await runConfirmed(manager, '批量审批通过');
  await expect(sheets.first()).toContainText('已审批');

  // 8. buyer01 releases supplier03's result: 72.50 (74.50 weighted, −2), grade C.
  let row = await resultRow(buyer, schemeName, YONGGU);
  const results = visibleTable(buyer);
  await expectCells(results, row, { 总分: '72.5', 等级: '合格', 状态: '待发布' });
  await runConfirmed(buyer, '发布', row);
  await expect(row).toContainText('已发布待确认');
  const number = (await (await cellUnder(results, row, '结果编号')).innerText()).trim();

  // 9. supplier03 appeals from its to-do, with a file; a second appeal is refused (409).
  const supplier = await signIn(browser, 'supplier03');
  await homeTodos(supplier)
    .getByRole('button', { name: `考评结果 ${number} 已发布，请确认或申诉`, exact: true })
    .click();
  await expect(supplier).toHaveURL(/SupplierAppeal\/SrmSpeSupplierAppeal\?id=\d+/, FIRST_OPEN);
  await expect(fieldValue(supplier, '总分')).toHaveText('72.5', FIRST_OPEN);
  // What it appeals against: each indicator's score (74.50 weighted) and the −2 given by hand.
  const indicatorScores = visibleTable(supplier, '指标得分');
  await expect(dataRows(indicatorScores)).toHaveCount(4);
  const onTime = dataRows(indicatorScores).filter({ hasText: '交货准时率' });
  await expectCells(indicatorScores, onTime, { 得分: /^70(\.0+)?$/, 加权得分: /^21(\.0+)?$/ });
  await expect(fieldValue(supplier, '手工加减分')).toHaveText(/^-2(\.0+)?$/);
  const appealFile = supplier.waitForEvent('filechooser');
  await supplier.getByRole('button', { name: '上传申诉附件', exact: true }).click();
  await (await appealFile).setFiles({ ...REPORT_PDF, name: 'appeal-evidence.pdf' });
  await expect(supplier.getByText('appeal-evidence.pdf').first()).toBeVisible(FIRST_OPEN);
  await decide(supplier, '申诉', '10 月送货单资料已补齐，见附件 / papers completed, see the file', true);
  await expect(fieldValue(supplier, '状态')).toHaveText('申诉中');
  const resultId = Number(new URL(supplier.url().replace('/#/', '/')).searchParams.get('id'));
  const again = await callAsSession(supplier, '/api/srmServer/v1/srmSpePerformanceRestful/agreeOrAppeal', {
    id: resultId,
    decision: 'APPEAL',
    reason: 'again',
  });
  expect(again.status).toBe(409);

  // 10. buyer01 accepts the appeal and rescores 76.00 (still C): released again for the supplier.
  row = await resultRow(buyer, schemeName, YONGGU);
  await expect(row).toContainText('申诉中');
  await decide(buyer, '接受申诉并改分', '76.00', true, row);
  await expect(row).toContainText('已发布待确认');
  await expectCells(visibleTable(buyer), row, { 总分: '76', 等级: '合格' });

  // 11. supplier03 agrees from its new to-do: CONFIRMED.
  await goHome(supplier);
  await homeTodos(supplier)
    .getByRole('button', { name: new RegExp(`考评结果 ${number} 已按申诉改分为 76`) })
    .click();
  await expect(fieldValue(supplier, '总分')).toHaveText('76', FIRST_OPEN);
  await runConfirmed(supplier, '同意');
  await expect(fieldValue(supplier, '状态')).toHaveText('已确认');

  // 12. buyer01 asks for a rectification (deadline +30 days): RECTIFYING, and supplier03 has a to-do.
  row = await resultRow(buyer, schemeName, YONGGU);
  await decide(buyer, '发起整改', '送货资料随货同行，建立出货前检查表 / a pre-shipment checklist', true, row);
  await expect(row).toContainText('整改中');
  await expectCells(visibleTable(buyer), row, { 整改期限: dayFromToday(30) });

  // 13. supplier03 reports the rectification with a file: RECTIFY_SUBMITTED.
  await goHome(supplier);
  await homeTodos(supplier)
    .getByRole('button', { name: `考评结果 ${number} 需整改，期限 ${dayFromToday(30)}`, exact: true })
    .click();
  await expect(supplier).toHaveURL(/SupplierAppeal\/SrmSpeSupplierRectification\?id=\d+/, FIRST_OPEN);
  const reportFile = supplier.waitForEvent('filechooser');
  await supplier.getByRole('button', { name: '上传整改附件', exact: true }).click();
  await (await reportFile).setFiles(REPORT_PDF);
  await expect(supplier.getByText(REPORT_PDF.name).first()).toBeVisible(FIRST_OPEN);
  await decide(supplier, '提交整改', '已建立出货前资料检查表，11 月起执行 / checklist in use since November', true);
  await expect(fieldValue(supplier, '状态')).toHaveText(/整改已提交|待验证/);

  // 14. buyer01 verifies it: CLOSED.
  row = await resultRow(buyer, schemeName, YONGGU);
  await runConfirmed(buyer, '整改验证通过', row);
  await expect(row).toContainText('已关闭');

  // 15. The simple variant: the December quick evaluation (supplier03, 85.00 B) is submitted,
  // approved and sent; supplier03's home shows it, opening it handles it and leads nowhere.
  await openSubMenu(buyer, '绩效管理', '简易绩效', '简易考评');
  await runConfirmed(buyer, '提交', await listRow(buyer, '2026年12月简易考评'));
  await openSubMenu(manager, '绩效管理', '简易绩效', '简易考评');
  await runConfirmed(manager, '审批通过', await listRow(manager, '2026年12月简易考评'));
  await buyer.reload();
  await openSubMenu(buyer, '绩效管理', '简易绩效', '简易考评');
  await runConfirmed(buyer, '通知供应商', await listRow(buyer, '2026年12月简易考评'));
  await goHome(supplier);
  const simple = homeTodos(supplier).getByRole('button', { name: /^新绩效考核：2026年12月简易考评/ });
  await expect(simple).toHaveCount(1, FIRST_OPEN);
  const url = supplier.url();
  await simple.click();
  await expect(simple).toHaveCount(0);
  expect(supplier.url()).toBe(url);
  await homeTodos(supplier)
    .getByRole('tab', { name: /我的已办/ })
    .click();
  await expect(
    homeTodos(supplier)
      .getByText(/^新绩效考核：2026年12月简易考评/)
      .first(),
  ).toBeVisible();
});
