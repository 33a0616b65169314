/**
 * Attachments end to end (docs/architecture.md "What the specification fixes"): on the requisition edit page
 * a buyer uploads two
 * files, saves, downloads one (same bytes), deletes the other through the spec's confirmation,
 * sees the reminder to save, and saves again. The file server runs for real underneath.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import * as fs from 'node:fs';
import { signIn, toast } from './support';

/**
 * The control by its aria-label, and its rows and buttons by text: while the shell's tab panel is
 * hidden from the accessibility tree, role queries cannot reach into the page content.
 */
const attachmentControl = (page: Page) => page.locator('[role="group"][aria-label="附件"]');
const rowsOf = (control: Locator) => control.locator('tbody tr.ant-table-row');
const button = (scope: Locator, text: RegExp) => scope.locator('button', { hasText: text });

async function save(page: Page): Promise<void> {
  await button(page.locator('main'), /^保\s*存$/).click();
  await expect(toast(page, '保存成功')).toBeVisible();
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const TEXT = Buffer.from('装配线备料说明\nline two\n');

async function openDraftRequisition(page: Page): Promise<void> {
  await signIn(page, 'buyer01');
  const item = page.getByRole('menuitem', { name: '采购申请', exact: true });
  await page.getByRole('menuitem', { name: '采购管理', exact: true }).click();
  await item.click();
  const draft = page.locator('tr.ant-table-row', { hasText: 'PR202611010001' });
  // Row actions are icons named by their label (pages/RowActions.tsx).
  await draft.locator('button[aria-label="编辑"]').click();
  await expect(page).toHaveURL(/#\/main\/purRequisitionManage\/purRequisitionEdit/);
  // The form stays disabled until the record, its lookups and the granted buttons are loaded.
  await expect(button(attachmentControl(page), /^上传附件$/)).toBeVisible({ timeout: 30_000 });
}

test('upload two attachments, save, download one, delete the other', async ({ page }) => {
  test.slow();
  await openDraftRequisition(page);
  const control = attachmentControl(page);

  await control.locator('input[type=file]').setInputFiles([
    { name: '技术规格.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: TEXT },
  ]);
  await expect(toast(page, '上传成功')).toBeVisible();
  await expect(rowsOf(control).filter({ hasText: '技术规格.pdf' })).toHaveCount(1);
  await expect(rowsOf(control).filter({ hasText: 'notes.txt' })).toHaveCount(1);
  await expect(rowsOf(control).filter({ hasText: 'notes.txt' })).toContainText('王磊');
  await save(page);

  // After the save the files belong to the requisition: reload and they are still listed.
  await page.reload();
  // A reload restores the session, the tabs, the page metadata and the record before the list.
  await expect(rowsOf(control).filter({ hasText: '技术规格.pdf' })).toHaveCount(1, { timeout: 30_000 });

  const pdfRow = rowsOf(control).filter({ hasText: '技术规格.pdf' });
  const [download] = await Promise.all([page.waitForEvent('download'), button(pdfRow, /^下\s*载$/).click()]);
  expect(download.suggestedFilename()).toBe('技术规格.pdf');
  expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);

  const textRow = rowsOf(control).filter({ hasText: 'notes.txt' });
  await button(textRow, /^删\s*除$/).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('删除附件');
  await expect(dialog.getByText('请确认是否继续删除附件信息？')).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(toast(page, '附件删除成功，由于附件ID已更新，请及时保存业务单据')).toBeVisible();
  await expect(rowsOf(control).filter({ hasText: 'notes.txt' })).toHaveCount(0);
  await save(page);

  await page.reload();
  // A reload restores the session, the tabs, the page metadata and the record before the list.
  await expect(rowsOf(control).filter({ hasText: '技术规格.pdf' })).toHaveCount(1, { timeout: 30_000 });
  await expect(rowsOf(control).filter({ hasText: 'notes.txt' })).toHaveCount(0);
});

test("a file whose content does not match its extension is refused with the server's message", async ({ page }) => {
  await openDraftRequisition(page);
  const control = attachmentControl(page);
  await control
    .locator('input[type=file]')
    .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') });
  await expect(page.getByText('文件“report.pdf”的内容与扩展名 .pdf 不符')).toBeVisible();
  await expect(rowsOf(control).filter({ hasText: 'report.pdf' })).toHaveCount(0);
});
