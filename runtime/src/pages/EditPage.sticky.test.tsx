import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { ScreenProvider } from '../core/DataProviderContext';
import { editPage, entities } from '../test/fixtures';
import { createFakeProvider } from '../test/fakeProvider';
import { EditPage } from './EditPage';
import { RecordModal } from './RecordModal';

describe('EditPage action bar', () => {
  it('keeps the head with Save at the top of the window while the form scrolls', async () => {
    const provider = createFakeProvider({
      findByMenuResp: async () => [{ resourceCode: 'btnSave', resourceName: 'save' }],
    });
    render(
      <TestProviders provider={provider}>
        <MemoryRouter initialEntries={['/main/purRequisitionManage/purRequisitionEdit']}>
          <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
            <EditPage page={editPage} entities={entities} />
          </ScreenProvider>
        </MemoryRouter>
      </TestProviders>,
    );
    const save = await screen.findByRole('button', { name: '保存' }, { timeout: 8000 });
    const head = save.closest('.ant-card-head') as HTMLElement;
    expect(head).toBeTruthy();
    expect(head.style.position).toBe('sticky');
    expect(head.style.top).toBe('0px');
  });
});

describe('RecordModal', () => {
  it('scrolls its body, so the footer with Save stays on screen', async () => {
    const entity = entities[editPage.entity ?? ''];
    render(
      <TestProviders provider={createFakeProvider()}>
        <MemoryRouter>
          <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
            <RecordModal
              page={editPage}
              entities={entities}
              entity={entity}
              onClose={() => undefined}
              onSaved={() => undefined}
            />
          </ScreenProvider>
        </MemoryRouter>
      </TestProviders>,
    );
    const save = await screen.findByRole('button', { name: /^保\s?存$/ }, { timeout: 8000 });
    const body = document.querySelector('.ant-modal-body') as HTMLElement;
    expect(save.closest('.ant-modal-footer')).toBeTruthy();
    expect(body.style.overflowY).toBe('auto');
    expect(body.style.maxHeight).toBe('calc(100vh - 220px)');
  });
});
