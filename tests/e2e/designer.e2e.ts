/**
 * The table_model designer's field grid as an administrator reads and edits it (issue 33, item 1):
 * at 1440 and at 1024 px each row's name, Chinese label and English label show a typical value in
 * full, and every control of a row (type, size, target, rules, remove) lies inside the grid's
 * visible width, the page never scrolling sideways. The draft stays in the browser: nothing is
 * published.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { choose, openMenu, settled, signIn } from './support';

const fieldsTable = (page: Page) => page.getByRole('table', { name: '字段' });
/** The field rows (the last row of the body holds the add button). */
const fieldRows = (page: Page) =>
  fieldsTable(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('textbox') });

interface Typed {
  name: string;
  cn: string;
  en: string;
  type?: string;
  extra?: (row: Locator) => Promise<void>;
}

/** Typical values, the longest kinds of row: text, money, value set and reference. */
const FIELDS: Typed[] = [
  { name: 'supplierContactPhone', cn: '供应商联系电话', en: 'Supplier contact phone' },
  {
    name: 'contractTotalAmount',
    cn: '合同含税总金额',
    en: 'Contract total incl. tax',
    type: '金额',
    extra: async (row) => {
      await row.getByRole('spinbutton', { name: '精度' }).fill('20');
      await row.getByRole('spinbutton', { name: '小数位' }).fill('2');
    },
  },
  {
    name: 'settlementCurrency',
    cn: '结算币种',
    en: 'Settlement currency',
    type: '值集',
    extra: (row) => choose(row.getByRole('combobox', { name: '值集类型' }), 'BASE_CURRENCY 币种', 'BASE_CURRENCY'),
  },
  {
    name: 'signingOrganizationId',
    cn: '签约组织',
    en: 'Signing organization',
    type: '引用',
    extra: async (row) => {
      await choose(row.getByRole('combobox', { name: '引用实体' }), 'baseOrganization', 'baseOrg');
      await choose(row.getByRole('combobox', { name: '显示字段' }), 'orgName', 'orgN');
    },
  },
];

async function typeField(page: Page, index: number, field: Typed): Promise<void> {
  if (index > 0) await page.getByRole('button', { name: '新增字段' }).click();
  const row = fieldRows(page).nth(index);
  await row.getByRole('textbox', { name: '字段名' }).fill(field.name);
  await row.getByRole('textbox', { name: '中文标签' }).fill(field.cn);
  await row.getByRole('textbox', { name: '英文标签' }).fill(field.en);
  if (field.type) await choose(row.getByRole('combobox', { name: '类型', exact: true }), field.type, field.type);
  if (field.extra) await field.extra(row);
}

interface Measured {
  label: string;
  width: number;
  left: number;
  right: number;
  /** The text is wider than the box (scrolled inside the input). */
  clipped: boolean;
}

/** Every control of every field row, with the visible right edge of the grid and of the page. */
async function measure(page: Page) {
  return fieldsTable(page).evaluate((table) => {
    // The grid's visible box: the nearest ancestor that clips it, or the window.
    let clip: Element | null = table.parentElement;
    while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
    const visibleRight = Math.min(clip ? clip.getBoundingClientRect().right : Infinity, window.innerWidth);
    const rows = [...table.querySelectorAll('tbody tr')].filter((tr) => tr.querySelector('input[type="text"]'));
    const controls = rows.map((tr) =>
      [...tr.querySelectorAll('input, button, .ant-select, .ant-input-number')]
        .filter((el) => !el.closest('.ant-select, .ant-input-number') || el.matches('.ant-select, .ant-input-number'))
        .filter((el) => !(el instanceof HTMLInputElement && el.type === 'search'))
        .map((el): Measured => {
          const box = (el.matches('.ant-checkbox-input') ? el.parentElement! : el).getBoundingClientRect();
          const input = el instanceof HTMLInputElement ? el : null;
          return {
            label: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.className,
            width: Math.round(box.width),
            left: Math.round(box.left),
            right: Math.round(box.right),
            clipped: input ? input.scrollWidth > input.clientWidth + 1 : false,
          };
        }),
    );
    return {
      visibleRight: Math.round(visibleRight),
      pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      controls,
    };
  });
}

async function expectReadable(page: Page, width: number): Promise<void> {
  const { visibleRight, pageScrollsSideways, controls } = await measure(page);
  expect(controls).toHaveLength(FIELDS.length);
  for (const [index, row] of controls.entries()) {
    for (const label of ['字段名', '中文标签', '英文标签']) {
      const input = row.find((c) => c.label === label);
      expect(input, `row ${index} ${label} at ${width}px`).toBeDefined();
      expect(input!.width, `row ${index} ${label} at ${width}px: wide enough to read`).toBeGreaterThanOrEqual(140);
      expect(input!.clipped, `row ${index} ${label} at ${width}px: "${FIELDS[index].name}" shows in full`).toBe(false);
    }
    const outside = row.filter((c) => c.right > visibleRight + 1).map((c) => `${c.label} (right ${c.right})`);
    expect(outside, `row ${index} at ${width}px: controls beyond the grid's right edge ${visibleRight}`).toEqual([]);
  }
  expect(pageScrollsSideways, `the page scrolls sideways at ${width}px`).toBe(false);
}

test("the designer's field grid shows its names and labels in full at 1440 and 1024 px", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await openMenu(page, '系统管理', '表模型');
  await page.getByRole('textbox', { name: '实体名' }).fill('srmDemoSupplierContact');
  await page.getByRole('textbox', { name: '中文名称' }).fill('供应商联系人');
  await page.getByRole('textbox', { name: '英文名称' }).fill('Supplier contacts');
  await page.getByRole('button', { name: '新建实体' }).click();
  await expect(fieldRows(page).first().getByRole('textbox', { name: '字段名' })).toHaveValue('title');
  for (const [index, field] of FIELDS.entries()) await typeField(page, index, field);
  await settled(page);
  await expectReadable(page, 1440);

  await page.setViewportSize({ width: 1024, height: 768 });
  await settled(page);
  await expectReadable(page, 1024);
  // What was typed is still there and still editable after the resize.
  const last = fieldRows(page).nth(FIELDS.length - 1);
  await expect(last.getByRole('textbox', { name: '英文标签' })).toHaveValue('Signing organization');
  await last.getByRole('textbox', { name: '英文标签' }).fill('Signing company');
  await expect(last.getByRole('textbox', { name: '英文标签' })).toHaveValue('Signing company');
});
