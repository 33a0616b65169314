/**
 * Delivery appointment and labels (DOMAIN.md §5.8) as supplier01 does it, through the menus, in
 * Chinese: it ships its draft delivery note DN202611239201 (4,000 nuts) on 送货协同 → 送货单, books
 * dock C of 苏州一厂 for it on 送货协同 → 送货预约 and submits the appointment, prints the pack
 * list, then on 送货协同 → 待生成条码 splits the line into two packs of 2,000, generates the labels
 * and prints them: the downloaded PDF has one label page per pack whose Code 128 image scans to
 * that pack's barcode value.
 */
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { pdfBarcodes, pdfPages } from '../../server/src/testing/pdfPages';
import {
  choose,
  dataRows,
  fieldValue,
  openMenu,
  rowAction,
  runConfirmed,
  save,
  toast,
  typeDate,
  signIn,
} from './support';

const NOTE = 'DN202611239201';
const FIRST_OPEN = { timeout: 30_000 };

function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function signInAs(page: Page, user: string): Promise<void> {
  await signIn(page, user, FIRST_OPEN);
}

const visibleTable = (page: Page) => page.getByRole('main').getByRole('table').filter({ visible: true }).first();

async function downloaded(page: Page, press: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await press();
  const file = await download;
  const path = await file.path();
  const fs = await import('node:fs');
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(path) };
}

test('CN: supplier01 books a dock slot for a shipped delivery note, submits it and prints its labels', async ({
  browser,
}) => {
  const supplier = await (await browser.newContext()).newPage();
  await signInAs(supplier, 'supplier01');

  // 1. Ship the draft delivery note from its list.
  await openMenu(supplier, '送货协同', '送货单');
  const notes = visibleTable(supplier);
  const noteRow = dataRows(notes).filter({ hasText: NOTE });
  await expect(noteRow).toHaveCount(1, FIRST_OPEN);
  await runConfirmed(supplier, '发货', noteRow);

  // 2. Book dock C of 苏州一厂 for it and submit the appointment.
  await openMenu(supplier, '送货协同', '送货预约');
  await supplier.getByRole('button', { name: '新增', exact: true }).click();
  await expect(supplier.getByRole('button', { name: '保存', exact: true })).toBeVisible(FIRST_OPEN);
  await choose(supplier.getByRole('combobox', { name: '收货工厂' }), '苏州一厂', '一厂');
  await choose(supplier.getByRole('combobox', { name: '卸货月台' }), 'C 号月台');
  await typeDate(supplier.getByRole('textbox', { name: '预约日期' }), dayFromToday(3));
  await choose(supplier.getByRole('combobox', { name: '预约时段' }), '10:00-12:00');
  await supplier.getByRole('textbox', { name: '车牌' }).fill('苏E·66666');
  const booked = supplier.getByRole('region', { name: '预约送货单' });
  await booked.getByRole('button', { name: '新增行' }).click();
  const line = dataRows(booked.getByRole('table')).first();
  await choose(line.getByRole('combobox', { name: '送货单' }), NOTE, NOTE);
  await save(supplier);
  await expect(supplier).toHaveURL(/[?&]id=\d+/);
  await runConfirmed(supplier, '提交');
  await expect(fieldValue(supplier, '状态')).toHaveText('已提交');
  const reserveNumber = (await fieldValue(supplier, '预约单号').innerText()).trim();
  const packList = await downloaded(supplier, () => supplier.getByRole('button', { name: '打印装箱单' }).click());
  expect(packList.name).toBe(`pack-list-${reserveNumber}.pdf`);
  expect((await pdfPages(packList.bytes))[0].text).toContain(NOTE);

  // 3. The shipped line awaits labels: two packs of 2,000, generated and printed.
  await openMenu(supplier, '送货协同', '待生成条码');
  const waiting = visibleTable(supplier);
  const lineRow = dataRows(waiting).filter({ hasText: NOTE });
  await expect(lineRow).toHaveCount(1, FIRST_OPEN);
  await (await rowAction(lineRow, '查看')).click();
  await expect(fieldValue(supplier, '物料编码')).toHaveText('1001000047', FIRST_OPEN);
  await supplier.getByRole('button', { name: '生成条码' }).click();
  const dialog = supplier.getByRole('dialog');
  await dialog.getByRole('textbox').fill('2000,2000');
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(toast(supplier, '已生成 2 个条码')).toBeVisible();
  await expect(fieldValue(supplier, '标签状态')).toHaveText('已生成');
  const labels = await downloaded(supplier, () => supplier.getByRole('button', { name: '打印标签' }).click());
  expect(labels.name).toBe(`labels-${NOTE}.pdf`);
  const pages = await pdfPages(labels.bytes);
  expect(pages.map((p) => p.text.includes(`${NOTE}-01-001`) || p.text.includes(`${NOTE}-01-002`))).toEqual([
    true,
    true,
  ]);
  expect(pages[1].text).toContain(`${NOTE}-01-002`);
  expect(pages[0].text).toContain('2000 PCS');
  // The barcode images scan to the same values.
  expect(await pdfBarcodes(labels.bytes)).toEqual([[`${NOTE}-01-001`], [`${NOTE}-01-002`]]);

  // 4. The labels are listed as printed.
  await openMenu(supplier, '送货协同', '条码打印');
  await expect(dataRows(visibleTable(supplier)).filter({ hasText: `${NOTE}-01-002` })).toHaveCount(1, FIRST_OPEN);
});
