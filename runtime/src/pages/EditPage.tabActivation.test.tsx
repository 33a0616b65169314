import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabProvider } from '../app/tabContext';
import type { DataRecord } from '../meta';
import { createFakeProvider } from '../test/fakeProvider';
import { editPage, entities, statusLookup } from '../test/fixtures';
import { renderWithApp } from '../test/render';
import { EditPage } from './EditPage';

/**
 * A record page kept alive in a hidden tab and shown again (its to-do opened once more): the server's
 * record may have changed meanwhile (another user acted on it).
 */
function setup(url: string) {
  const stored: DataRecord = { requisitionHeaderId: 1, title: '办公用品', status: 'DRAFT', versionNum: 1, lines: [] };
  let reads = 0;
  const provider = createFakeProvider({
    findById: async () => {
      reads += 1;
      return structuredClone(stored);
    },
    findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
    findByMenuResp: async () => [{ resourceCode: 'btnSave', resourceName: 'btnSave' }],
  });
  let show: (active: boolean) => void = () => undefined;
  function Tab() {
    const [active, setActive] = useState(true);
    show = setActive;
    return (
      <TabProvider id="tab1" active={active}>
        <EditPage page={editPage} entities={entities} />
      </TabProvider>
    );
  }
  renderWithApp(<Tab />, { provider, url });
  const switchAwayAndBack = () => {
    act(() => show(false));
    act(() => show(true));
  };
  return { stored, reads: () => reads, switchAwayAndBack };
}

describe('a record page shown again in its tab', () => {
  it('read-only: reads the record again and shows what changed', async () => {
    const page = setup('/main/purRequisitionManage/purRequisitionEdit?id=1&mode=view');
    await screen.findByText('办公用品');
    page.stored.title = '劳保用品';
    page.stored.versionNum = 2;
    page.switchAwayAndBack();
    await screen.findByText('劳保用品');
    expect(page.reads()).toBe(2);
  });

  it('editable: is not read again, so nothing the user typed is replaced', async () => {
    const page = setup('/main/purRequisitionManage/purRequisitionEdit?id=1');
    const title = () => screen.getByRole('textbox', { name: '标题' }) as HTMLInputElement;
    await waitFor(() => expect(title().value).toBe('办公用品'));
    page.stored.title = '劳保用品';
    page.switchAwayAndBack();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.reads()).toBe(1);
    expect(title().value).toBe('办公用品');
  });
});
