import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/App';
import { ScreenProvider } from '../core/DataProviderContext';
import { clearResourceCache } from '../core/useResources';
import { editPage, entities } from '../test/fixtures';
import { createFakeProvider } from '../test/fakeProvider';
import { EditPage } from './EditPage';

describe('EditPage action bar', () => {
  it('keeps the head with Save at the top of the window while the form scrolls', async () => {
    clearResourceCache();
    const provider = createFakeProvider({ findByMenuResp: async () => [{ resourceCode: 'btnSave', resourceName: 'save' }] });
    render(
      <AppProviders dataProvider={provider}>
        <MemoryRouter initialEntries={['/main/purRequisitionManage/purRequisitionEdit']}>
          <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
            <EditPage page={editPage} entities={entities} />
          </ScreenProvider>
        </MemoryRouter>
      </AppProviders>,
    );
    const save = await screen.findByRole('button', { name: '保存' }, { timeout: 8000 });
    const head = save.closest('.ant-card-head') as HTMLElement;
    expect(head).toBeTruthy();
    expect(head.style.position).toBe('sticky');
    expect(head.style.top).toBe('0px');
  });
});
