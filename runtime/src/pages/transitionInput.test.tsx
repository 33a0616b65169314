import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LifecycleContext } from '../approvals/LifecycleContext';
import { ScreenProvider } from '../core/DataProviderContext';
import type { ClientLifecycle } from '../meta';
import { createFakeProvider } from '../test/fakeProvider';
import { entities, listPage, requisitionRows, statusLookup } from '../test/fixtures';
import { TestProviders } from '../test/render';
import { ListPage } from './ListPage';

/** A lifecycle action whose transition takes input asks for its fields and sends them next to the id. */
const lifecycle: ClientLifecycle = {
  name: 'purRequisition',
  statusLookup: 'PUR_REQ_STATUS',
  transitions: [
    {
      action: 'doSubmit',
      from: ['DRAFT'],
      to: 'SUBMITTED',
      input: [{ field: 'remark', required: true }, { field: 'needByDate' }],
    },
  ],
};

function setup(lifecycles: Record<string, ClientLifecycle> = { srmPurRequisitionHeader: lifecycle }) {
  const provider = createFakeProvider({
    listByPage: async () => ({ rows: requisitionRows, page: { count: 2, pageIndex: 1, pageRows: 20 } }),
    findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
    findByMenuResp: async () => [{ resourceCode: 'btnSubmit', resourceName: 'btnSubmit' }],
  });
  render(
    <TestProviders provider={provider}>
      <MemoryRouter initialEntries={['/main/purchaseRequisitionList?menuId=100&respId=1']}>
        <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
          <LifecycleContext.Provider value={lifecycles}>
            <ListPage page={listPage} entities={entities} />
          </LifecycleContext.Provider>
        </ScreenProvider>
      </MemoryRouter>
    </TestProviders>,
  );
  return provider;
}

describe('transition input', () => {
  it('opens a dialog of the input fields with their labels; OK waits for the required one; the values go in the body', async () => {
    const provider = setup();
    await screen.findByText('PR202601010001');
    fireEvent.click((await screen.findAllByRole('button', { name: '提交' }))[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('备注 *')).toBeTruthy();
    expect(within(dialog).getByText('需求日期')).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });
    expect(ok.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '备注 *' }), { target: { value: ' 急用 ' } });
    // The app's date picker (widgets/DateInput), not the browser's own date input.
    expect(dialog.querySelector('input[type="date"]')).toBeNull();
    const date = within(dialog).getByRole('textbox', { name: '需求日期' });
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '2026-03-01' } });
    fireEvent.keyDown(date, { key: 'Enter' });
    await waitFor(() => expect(ok.hasAttribute('disabled')).toBe(false));
    fireEvent.click(ok);
    await waitFor(() =>
      expect(provider.lifecycleAction).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'srmPurRequisitionHeader' }),
        'doSubmit',
        { id: 1, remark: '急用', needByDate: '2026-03-01' },
      ),
    );
  });

  it('an action whose transition takes no input runs at once, as before', async () => {
    const provider = setup({
      srmPurRequisitionHeader: { ...lifecycle, transitions: [{ ...lifecycle.transitions[0], input: undefined }] },
    });
    await screen.findByText('PR202601010001');
    fireEvent.click((await screen.findAllByRole('button', { name: '提交' }))[0]);
    await waitFor(() =>
      expect(provider.lifecycleAction).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'srmPurRequisitionHeader' }),
        'doSubmit',
        { id: 1 },
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
