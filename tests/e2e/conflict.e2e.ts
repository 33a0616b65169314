/**
 * Lost updates are refused: two tabs edit the same requisition; the second save gets the 409
 * notice with a Reload action, and reloading shows the first tab's change.
 */
import { expect, test } from '@playwright/test';
import { createRequisition, fieldValue, save, signIn, toast, unique } from './support';

const CONFLICT_TITLE = '数据已变更';
const CONFLICT_TEXT = '该记录已被他人修改，请刷新后重试';

test('the second of two concurrent saves is refused and can reload the first one', async ({ context }) => {
  test.slow(); // a long flow of a person's clicks, each waiting for the server
  const tabA = await context.newPage();
  await signIn(tabA);
  const original = unique('E2E 并发原始');
  const number = await createRequisition(tabA, original);
  const recordUrl = tabA.url();

  // Both tabs open the same saved version for editing.
  await tabA.reload();
  const tabB = await context.newPage();
  await signIn(tabB);
  await tabB.goto(recordUrl);
  for (const tab of [tabA, tabB]) {
    await expect(fieldValue(tab, '申请单号')).toHaveText(number);
    await expect(tab.getByRole('textbox', { name: '说明' })).toHaveValue(original);
  }

  // Tab A saves first: accepted.
  const fromA = unique('E2E 甲修改');
  await tabA.getByRole('textbox', { name: '说明' }).fill(fromA);
  await save(tabA);
  await expect(tabA.getByRole('alert').filter({ hasText: CONFLICT_TITLE })).toHaveCount(0);

  // Tab B still holds the old version: its save is refused with the conflict notice.
  await tabB.bringToFront();
  const fromB = unique('E2E 乙修改');
  await tabB.getByRole('textbox', { name: '说明' }).fill(fromB);
  await tabB.getByRole('button', { name: '保存', exact: true }).click();
  const notice = tabB.getByRole('alert').filter({ hasText: CONFLICT_TITLE });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(CONFLICT_TEXT);
  await expect(toast(tabB, '保存成功')).toHaveCount(0);
  // What B typed is still there until B decides to reload.
  await expect(tabB.getByRole('textbox', { name: '说明' })).toHaveValue(fromB);

  // Reload: B now shows A's change, and the notice is gone.
  await notice.getByRole('button', { name: '重新加载' }).click();
  await expect(tabB.getByRole('textbox', { name: '说明' })).toHaveValue(fromA);
  await expect(notice).toHaveCount(0);

  // On the reloaded version B's next save goes through.
  const again = unique('E2E 乙重试');
  await tabB.getByRole('textbox', { name: '说明' }).fill(again);
  await save(tabB);
  await expect(notice).toHaveCount(0);

  // The stored record is B's retried text: a fresh look in A's tab shows it.
  await tabA.reload();
  await expect(tabA.getByRole('textbox', { name: '说明' })).toHaveValue(again);
});

test('the conflict notice speaks English when the interface does', async ({ context }) => {
  test.slow(); // a long flow of a person's clicks, each waiting for the server
  const tabA = await context.newPage();
  await signIn(tabA);
  await createRequisition(tabA, unique('E2E conflict EN'));
  const recordUrl = tabA.url();
  const tabB = await context.newPage();
  await signIn(tabB);
  await tabB.goto(recordUrl);
  await tabB.getByRole('button', { name: 'English' }).click();
  await expect(tabB.getByRole('button', { name: 'Save', exact: true })).toBeVisible();

  // Tab A keeps its Chinese page (the language is read when a page loads) and saves first.
  await tabA.getByRole('textbox', { name: '说明' }).fill(unique('E2E first'));
  await save(tabA);

  await tabB.getByRole('textbox', { name: 'Description' }).fill(unique('E2E second'));
  await tabB.getByRole('button', { name: 'Save', exact: true }).click();
  const notice = tabB.getByRole('alert').filter({ hasText: 'Record changed' });
  await expect(notice).toContainText('This record was changed by someone else. Reload it and try again.');
  await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
});
