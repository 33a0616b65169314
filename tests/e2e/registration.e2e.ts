/**
 * Supplier onboarding, steps 1–4 of DOMAIN section 15 flow 1, as the people do it: a visitor
 * registers on /register (the captcha answers MERIDIAN_TEST_CAPTCHA, set by playwright.config);
 * buyer01 approves the account on 供应商注册审核; the new supplier signs in, lands on
 * /registerInfoEdit, completes and submits its details; manager01 approves them on 注册资料审核;
 * the supplier's next sign-in lands on the supplier home. Each person works in their own tab
 * (sessions live in sessionStorage, per tab).
 */
import { expect, test, type Page } from '@playwright/test';
import { choose, DEMO_PASSWORD, dataRows, openMenu, rowAction } from './support';

const TEST_CAPTCHA = 'E2E7';
const PASSWORD = 'Huasheng#2026';
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** A company, credit code and login name of this run only (the e2e database lives for the whole run). */
function newcomer() {
  const tail = Array.from({ length: 10 }, () => USCC_CHARS[Math.floor(Math.random() * USCC_CHARS.length)]).join('');
  const suffix = Date.now().toString(36).slice(-5);
  return { company: `东莞市华晟线缆有限公司${suffix}`, uscc: `91441900${tail}`, login: `newsupp${suffix}` };
}

async function signInAs(page: Page, userName: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/login');
  await page.getByLabel('用户名', { exact: true }).fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The list row of `company` (the table that shows it: the home tab's tables stay in the page, hidden or not). */
function rowOf(page: Page, company: string) {
  return dataRows(page.getByRole('table').filter({ hasText: company })).filter({ hasText: company });
}

/** Approves the row of `company` on an approval list (row button 通过, then the confirmation). */
async function approveRow(page: Page, company: string, statusAfter: string): Promise<void> {
  const row = rowOf(page, company);
  await (await rowAction(row, '通过')).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
  await expect(row.getByText(statusAfter, { exact: true })).toBeVisible();
}

test('a visitor registers, buyer01 approves the account, the supplier completes its details, manager01 approves them', async ({
  page,
}) => {
  // Four people, four sign-ins and two approvals: longer than the default minute on a busy machine.
  test.setTimeout(180_000);
  const who = newcomer();
  // 1. The visitor registers from the login page's link.
  await page.goto('/#/login');
  await page.getByRole('link', { name: '供应商注册' }).click();
  await expect(page).toHaveURL(/#\/register$/);
  await page.getByLabel('公司名称').fill(who.company);
  await page.getByLabel('统一社会信用代码').fill(who.uscc);
  await choose(page.getByLabel('供应商类型'), '生产性');
  await page.getByLabel('联系人').fill('黄晟');
  await page.getByLabel('手机').fill('12345');
  await page.getByLabel('邮箱').fill('sales@huasheng-cable.example.com');
  await page.getByLabel('登录账号').fill(who.login);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByLabel('验证码', { exact: true }).fill(TEST_CAPTCHA);
  await page.getByRole('button', { name: '提交注册' }).click();
  // The mobile validator of docs/architecture.md "Spec: validators" stops the form before anything is sent.
  await expect(page.getByText('手机号码格式错误')).toBeVisible();
  await page.getByLabel('手机').fill('13922223333');
  await page.getByRole('button', { name: '提交注册' }).click();
  await expect(page.getByText('注册已提交', { exact: true })).toBeVisible();
  await expect(page.getByText(/注册单号：REG\d{12}/)).toBeVisible();

  // Before the approval, signing in says the registration is waiting.
  await signInAs(page, who.login, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: '注册审核中，审核通过后即可登录' })).toBeVisible();

  // 2. buyer01 approves the account on 供应商注册审核.
  const buyer = await page.context().newPage();
  await signInAs(buyer, 'buyer01');
  await openMenu(buyer, '供应商管理', '供应商注册审核');
  await expect(rowOf(buyer, who.company).getByText('账号待审核', { exact: true })).toBeVisible();
  await approveRow(buyer, who.company, '待完善资料');

  // 3. The supplier signs in and is sent to /registerInfoEdit; it completes and submits.
  const supplier = await page.context().newPage();
  await signInAs(supplier, who.login, PASSWORD);
  await expect(supplier).toHaveURL(/#\/registerInfoEdit$/);
  await expect(supplier.getByRole('heading', { name: '完善注册资料' })).toBeVisible();
  await expect(supplier.getByLabel('公司名称')).toHaveValue(who.company);
  await supplier.getByLabel('注册地址').fill('广东省东莞市长安镇振安路 88 号');
  await supplier.getByLabel('开户行').fill('中国工商银行东莞长安支行');
  await supplier.getByLabel('银行账号').fill('2010021309200123456');
  await supplier.getByRole('button', { name: '添加证照' }).click();
  await choose(supplier.getByRole('combobox', { name: '证照类型' }), '营业执照');
  await supplier.getByLabel('证照编号').fill(who.uscc);
  await supplier.getByRole('checkbox', { name: '长期有效' }).check();
  await supplier.getByRole('button', { name: '添加供货能力' }).click();
  await choose(supplier.getByRole('combobox', { name: '品类' }), '0105 线缆', '线缆');
  await supplier.getByLabel('交货周期(天)').fill('15');
  await supplier.getByRole('button', { name: '提交审核' }).click();
  await expect(supplier.getByText('注册资料已提交，正在审核中，审核结果将在登录后显示。')).toBeVisible();
  await expect(supplier.getByText('资料待审核', { exact: true })).toBeVisible();

  // 4. manager01 approves the details on 注册资料审核, from the detail page with its lines.
  const manager = await page.context().newPage();
  await signInAs(manager, 'manager01');
  await openMenu(manager, '供应商管理', '注册资料审核');
  const row = rowOf(manager, who.company);
  await (await rowAction(row, '查看')).click();
  await expect(manager.getByText('广东省东莞市长安镇振安路 88 号')).toBeVisible();
  await expect(manager.getByRole('cell', { name: '营业执照' })).toBeVisible();
  await manager.getByRole('button', { name: '通过', exact: true }).click();
  await manager.getByRole('dialog').getByRole('button', { name: '确定', exact: true }).click();
  // On the record shown (the list in its kept-alive tab may show the new status as well).
  await expect(manager.getByRole('region', { name: '公司信息' }).getByText('注册完成', { exact: true })).toBeVisible();

  // The supplier's next sign-in lands on the supplier home.
  const again = await page.context().newPage();
  await signInAs(again, who.login, PASSWORD);
  await expect(again.getByTestId('supplier-home')).toBeVisible();
  await expect(again).toHaveURL(/#\/main/);
});

test('buyer01 rejects a registration with a reason; the registrant is told why at sign-in', async ({ page }) => {
  test.setTimeout(120_000);
  const who = newcomer();
  await page.goto('/#/register');
  await page.getByLabel('公司名称').fill(who.company);
  await page.getByLabel('统一社会信用代码').fill(who.uscc);
  await choose(page.getByLabel('供应商类型'), '贸易商');
  await page.getByLabel('联系人').fill('李四');
  await page.getByLabel('手机').fill('13800001111');
  await page.getByLabel('邮箱').fill('li@example.com');
  await page.getByLabel('登录账号').fill(who.login);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByLabel('验证码', { exact: true }).fill(TEST_CAPTCHA);
  await page.getByRole('button', { name: '提交注册' }).click();
  await expect(page.getByText('注册已提交', { exact: true })).toBeVisible();

  const buyer = await page.context().newPage();
  await signInAs(buyer, 'buyer01');
  await openMenu(buyer, '供应商管理', '供应商注册审核');
  const row = rowOf(buyer, who.company);
  await (await rowAction(row, '驳回')).click();
  const dialog = buyer.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: '确定', exact: true })).toBeDisabled();
  await dialog.getByLabel('驳回原因').fill('营业执照与公司名称不符');
  await dialog.getByRole('button', { name: '确定', exact: true }).click();
  await expect(row.getByText('已驳回', { exact: true })).toBeVisible();

  await signInAs(page, who.login, PASSWORD);
  await expect(
    page.getByRole('alert').filter({ hasText: '您的供应商注册未通过审核（原因：营业执照与公司名称不符），账号不可用' }),
  ).toBeVisible();
});
