import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { MenuRow } from '../core/dataProvider';
import { MenuContext, MenusReadyContext } from '../core/MenuContext';
import type { DataRecord } from '../meta';
import { editPage, entities, statusLookup } from '../test/fixtures';
import { createFakeProvider } from '../test/fakeProvider';
import { TestProviders } from '../test/render';
import { PageResolver } from './PageResolver';

const PATH = 'purRequisitionManage/purRequisitionEdit';
const record: DataRecord = {
  requisitionHeaderId: 1,
  requisitionNumber: 'PR202601010001',
  status: 'DRAFT',
  versionNum: 1,
};
const MENU = { menuId: 74, menuCode: 'PUR_REQUISITION_EDIT', menuType: 'PAGE', htmlUrl: PATH } as unknown as MenuRow;

let showMenus: () => void = () => undefined;

/** The shell's menus: none and not ready until showMenus() (as right after a reload). */
function LoadingMenus({ children }: { children: React.ReactNode }) {
  const [ready, setReady] = useState(false);
  showMenus = () => setReady(true);
  return (
    <MenuContext.Provider value={ready ? [MENU] : []}>
      <MenusReadyContext.Provider value={ready}>{children}</MenusReadyContext.Provider>
    </MenuContext.Provider>
  );
}

function setup(url: string) {
  const provider = createFakeProvider({
    findPage: async () => ({ page: editPage, entities }),
    findById: async () => structuredClone(record),
    findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
    findByMenuResp: async () => [],
  });
  render(
    <TestProviders provider={provider}>
      <LoadingMenus>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/main/*" element={<PageResolver path={PATH} />} />
          </Routes>
        </MemoryRouter>
      </LoadingMenus>
    </TestProviders>,
  );
  return provider;
}

describe('PageResolver', () => {
  it('opened without ?menuId=, waits for the menus and then calls with the menu that names the path', async () => {
    const provider = setup(`/main/${PATH}?id=1`);
    await waitFor(() => expect(provider.findPage).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    // No call may go out without the menu header (the server answers 403 "open it from its menu").
    expect(provider.findById).not.toHaveBeenCalled();
    expect(provider.forScreen).not.toHaveBeenCalled();
    showMenus();
    await waitFor(() => expect(provider.findById).toHaveBeenCalled());
    expect(provider.forScreen).toHaveBeenCalledWith(expect.objectContaining({ menuId: '74' }));
    expect(provider.forScreen).not.toHaveBeenCalledWith(expect.objectContaining({ menuId: undefined }));
    expect(await screen.findByText('PR202601010001')).toBeTruthy();
  });

  it('opened with ?menuId=, does not wait for the menus', async () => {
    const provider = setup(`/main/${PATH}?id=1&menuId=9&respId=1`);
    await waitFor(() => expect(provider.findById).toHaveBeenCalled());
    expect(provider.forScreen).toHaveBeenCalledWith(expect.objectContaining({ menuId: '9' }));
  });
});
