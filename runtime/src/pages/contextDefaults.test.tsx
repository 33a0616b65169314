/**
 * Issue 14 items 2 and 3 on the generated edit page: a new record opens with its context defaults
 * (and the defaulted reference's label, not its id); a lifecycle button whose showWhen tests the
 * actor (as findPage sends withdraw) shows to the submitter only.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { localDateParts } from '@meridian/metadata';
import { TestProviders } from '../test/render';
import { ScreenProvider } from '../core/DataProviderContext';
import type { DataRecord, EntityDef, PageDef } from '../meta';
import { createFakeProvider, type FakeOverrides } from '../test/fakeProvider';
import { editPage, entities, headerEntity } from '../test/fixtures';
import { buyerLogin, signIn, supplierLogin } from '../test/session';
import { EditPage } from './EditPage';

const defaulted: EntityDef = {
  ...headerEntity,
  fields: headerEntity.fields.map((f) =>
    f.name === 'orgId' ? { ...f, default: '$user.orgId' } : f.name === 'needByDate' ? { ...f, default: '$today' } : f,
  ) as EntityDef['fields'],
};
const withSubmitter: EntityDef = {
  ...headerEntity,
  fields: [
    ...headerEntity.fields,
    { name: 'submittedBy', type: 'integer', label: { cn: '提交人', en: 'Submitted by' }, serverOnly: true },
  ],
};

/** doWithdraw as findPage sends it: its from states and the transition's submitterOnly rule ANDed into showWhen. */
const withdrawPage: PageDef = {
  ...editPage,
  actions: [
    ...(editPage.actions ?? []),
    {
      action: 'doWithdraw',
      resourceCode: 'btnWithdraw',
      label: { cn: '撤回', en: 'Withdraw' },
      placement: 'form',
      showWhen: {
        and: [
          { field: 'status', op: 'in', value: ['SUBMITTED'] },
          { field: 'submittedBy', op: 'eq', value: '$user.userId' },
        ],
      },
    },
  ],
};

function renderEdit(url: string, page: PageDef, header: EntityDef, overrides: FakeOverrides = {}) {
  const provider = createFakeProvider({
    findByMenuResp: async () =>
      ['btnSave', 'btnSubmit', 'btnWithdraw'].map((resourceCode) => ({ resourceCode, resourceName: resourceCode })),
    ...overrides,
  });
  render(
    <TestProviders provider={provider}>
      <MemoryRouter initialEntries={[url]}>
        <ScreenProvider screen={{ menuId: '100', respId: '11' }}>
          <Routes>
            <Route
              path="/main/*"
              element={<EditPage page={page} entities={{ ...entities, srmPurRequisitionHeader: header }} />}
            />
          </Routes>
        </ScreenProvider>
      </MemoryRouter>
    </TestProviders>,
  );
  return provider;
}

const NEW_URL = '/main/purRequisitionManage/purRequisitionEdit';
const org = { orgId: 1, orgName: '苏州一厂' };

describe('a new record opens with its context defaults', () => {
  it('fills $user.orgId with the label of the organisation and $today', async () => {
    signIn(buyerLogin); // orgId 1
    const provider = renderEdit(NEW_URL, editPage, defaulted, {
      listByPage: async (_entity: unknown, query: { filter?: DataRecord }) => ({
        rows: query.filter?.value === 1 ? [org] : [],
        page: { count: 1, pageIndex: 1, pageRows: 1 },
      }),
    });
    expect(await screen.findByTitle('苏州一厂')).toBeTruthy();
    expect(provider.listByPage).toHaveBeenCalledWith(
      { name: 'baseOrganization', area: 'baseServer' },
      expect.objectContaining({ filter: { field: 'orgId', op: 'eq', value: 1 }, pageRows: 1 }),
    );
    const today = localDateParts(new Date()).today;
    await waitFor(() =>
      expect((screen.getByPlaceholderText(/选择日期|Select date/) as HTMLInputElement).value).toBe(today),
    );
  });

  it('leaves a default the context lacks empty (no label fetched)', async () => {
    signIn(supplierLogin); // no orgId
    const provider = renderEdit(NEW_URL, editPage, defaulted);
    await screen.findByRole('textbox', { name: '标题' });
    expect(provider.listByPage).not.toHaveBeenCalled();
    expect(screen.queryByTitle('苏州一厂')).toBeNull();
  });

  it('never overwrites a loaded record with defaults', async () => {
    signIn(buyerLogin);
    renderEdit(`${NEW_URL}?id=5`, editPage, defaulted, {
      findById: async () => ({
        requisitionHeaderId: 5,
        title: '旧单',
        orgId: 7,
        orgName: '上海工厂',
        status: 'DRAFT',
        versionNum: 1,
        lines: [],
      }),
    });
    expect(await screen.findByTitle('上海工厂')).toBeTruthy();
    expect(screen.queryByTitle('苏州一厂')).toBeNull();
  });
});

describe('a button that tests the actor', () => {
  const submitted = (submittedBy: number) => async () => ({
    requisitionHeaderId: 5,
    title: '已提交',
    status: 'SUBMITTED',
    submittedBy,
    versionNum: 2,
    lines: [],
  });

  it('withdraw shows to the submitter', async () => {
    signIn(buyerLogin); // userId 2
    renderEdit(`${NEW_URL}?id=5`, withdrawPage, withSubmitter, { findById: submitted(2) });
    expect(await screen.findByRole('button', { name: '撤回' })).toBeTruthy();
  });

  it('withdraw is hidden from a user who did not submit', async () => {
    signIn(buyerLogin);
    renderEdit(`${NEW_URL}?id=5`, withdrawPage, withSubmitter, { findById: submitted(9) });
    // The record is shown (its Save button is there), and withdraw is not.
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: '标题' }) as HTMLInputElement).value).toBe('已提交'),
    );
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '撤回' })).toBeNull();
  });
});
