import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TabProvider, TabsApiContext, type TabsApi } from '../app/tabContext';
import type { DataRecord, EntityDef, PageDef } from '../meta';
import { createFakeProvider } from '../test/fakeProvider';
import { editPage, entities, headerEntity, statusLookup } from '../test/fixtures';
import { renderWithApp } from '../test/render';
import { EditPage } from './EditPage';

// The organisation reference declares no labelAs: the server returns its label as orgIdLabel.
const header: EntityDef = {
  ...headerEntity,
  fields: headerEntity.fields.map((field) =>
    field.name === 'orgId' ? { ...field, reference: { entity: 'baseOrganization', labelField: 'orgName' } } : field,
  ) as EntityDef['fields'],
};
const model = { ...entities, srmPurRequisitionHeader: header };
const record: DataRecord = {
  requisitionHeaderId: 1,
  title: '办公用品',
  orgId: 11,
  orgIdLabel: '上海工厂',
  status: 'DRAFT',
  versionNum: 1,
  lines: [],
};

function setup(url: string, resources = ['btnSave'], page: PageDef = editPage) {
  const titles: string[] = [];
  const tabs: TabsApi = {
    setTitle: (_id, title) => titles.push(title),
    close: () => undefined,
    closeAllButHome: () => undefined,
  };
  const provider = createFakeProvider({
    findById: async () => structuredClone(record),
    findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
    findByMenuResp: async () => resources.map((resourceCode) => ({ resourceCode, resourceName: resourceCode })),
  });
  renderWithApp(
    <TabsApiContext.Provider value={tabs}>
      <TabProvider id="tab1" active>
        <EditPage page={page} entities={model} />
      </TabProvider>
    </TabsApiContext.Provider>,
    { provider, url },
  );
  return titles;
}

const cardTitle = () => document.querySelector('.ant-card-head-title')?.textContent;

describe('a record shown read-only is a view', () => {
  it('mode=view: titled 查看<entity> in heading and tab, the reference shows its label, not its id', async () => {
    const titles = setup('/main/purRequisitionManage/purRequisitionEdit?id=1&mode=view');
    await screen.findByText('上海工厂');
    expect(cardTitle()).toBe('查看采购申请');
    expect(titles.at(-1)).toBe('查看采购申请');
    expect(within(document.querySelector('form, .ant-card-body')!).queryByText('11')).toBeNull();
  });

  it('an editable record keeps the page title', async () => {
    const titles = setup('/main/purRequisitionManage/purRequisitionEdit?id=1');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: '标题' }) as HTMLInputElement).value).toBe('办公用品'),
    );
    expect(cardTitle()).toBe('采购申请');
    expect(titles.at(-1)).toBe('采购申请');
  });

  it('without Save the record is shown read-only and titled as a view', async () => {
    const titles = setup('/main/purRequisitionManage/purRequisitionEdit?id=1', ['btnSubmit']);
    await waitFor(() => expect(cardTitle()).toBe('查看采购申请'));
    expect(titles.at(-1)).toBe('查看采购申请');
    expect(screen.queryByRole('textbox', { name: '标题' })).toBeNull();
    expect(screen.getByText('办公用品')).toBeTruthy();
  });
});
