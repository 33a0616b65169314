/**
 * The non-production goods cart (issue 7): a buyer finds goods in the mall, adds two of them, the
 * header badge shows the sum of the counts; in the cart a count is changed, a line deleted and
 * then all lines, and the badge ends at 0 — checked against the server's own cart answer.
 */
import { expect, test, type Page } from '@playwright/test';
import { clickExpectingToast, dataRows, openMenu, signIn } from './support';

const badge = (page: Page) => page.getByTestId('cart-badge');
/** The OK button of the open confirmation (antd spaces two-character Chinese labels: 确 定). */
const confirmButton = (page: Page) =>
  page.locator('.ant-popconfirm:visible').getByRole('button', { name: /^确\s*定$/ });

async function addToCart(page: Page, search: string, goodsCode: string, quantity: number) {
  await page.getByRole('searchbox', { name: '物料编码或名称' }).fill(search);
  await page.getByRole('button', { name: '查询' }).click();
  const table = page.getByRole('table');
  await expect(dataRows(table)).toHaveCount(1);
  await page.getByRole('spinbutton', { name: `数量 ${goodsCode}` }).fill(String(quantity));
  await clickExpectingToast(page.getByRole('button', { name: `加入购物车 ${goodsCode}` }), '已加入购物车');
}

test('a buyer fills the cart from the mall, changes a count, deletes a line and then all', async ({ page }) => {
  await signIn(page, 'buyer01');
  await expect(badge(page)).toHaveAccessibleName('购物车：0');

  await openMenu(page, '采购管理', '非生产物资商城');
  await expect(page).toHaveURL(/#\/main\/purNoProductiveMaterial\/SrminteriorShopping/);
  await addToCart(page, 'A4 复印纸', '5001000001', 2);
  await expect(badge(page)).toHaveAccessibleName('购物车：2');
  await addToCart(page, '中性笔', '5001000015', 3);
  await expect(badge(page)).toHaveAccessibleName('购物车：5');

  await badge(page).click();
  await expect(page).toHaveURL(/SrminteriorShoppingtrolley/);
  const cart = page.getByRole('table');
  await expect(dataRows(cart)).toHaveCount(2);
  await expect(page.getByTestId('cart-total-amount')).toHaveText('97.00');

  const paperCount = page.getByRole('spinbutton', { name: '数量 A4 复印纸 70g' });
  await paperCount.fill('4');
  await paperCount.blur();
  await expect(badge(page)).toHaveAccessibleName('购物车：7');
  await expect(page.getByTestId('cart-total-amount')).toHaveText('140.00');

  await page.getByRole('button', { name: '删除 中性笔 0.5mm 黑色' }).click();
  await clickExpectingToast(confirmButton(page), '已从购物车删除');
  await expect(dataRows(cart)).toHaveCount(1);
  await expect(badge(page)).toHaveAccessibleName('购物车：4');

  // A reload reads the cart from the server again: the badge is the sum held there.
  await page.reload();
  await expect(badge(page)).toHaveAccessibleName('购物车：4');
  await expect(dataRows(page.getByRole('table'))).toHaveCount(1);

  await page.getByRole('button', { name: '全部删除' }).click();
  await clickExpectingToast(confirmButton(page), '购物车已清空');
  await expect(badge(page)).toHaveAccessibleName('购物车：0');
  await expect(page.getByText('购物车是空的')).toBeVisible();
});
