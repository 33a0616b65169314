import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/apiError';
import { i18n } from '../i18n';
import type { EntityDef, PageDef } from '../meta';
import { createFakeProvider } from '../test/fakeProvider';
import { renderWithApp } from '../test/render';
import { LifecycleContext } from './LifecycleContext';
import { LifecycleTimeline } from './LifecycleTimeline';
import { documentUrl } from './ApprovalList';
import { MyUpcoming } from './MyUpcoming';

const entity = {
  name: 'srmPurRequisitionHeader',
  area: 'srmServer',
  primaryKey: 'requisitionHeaderId',
  fields: [],
} as unknown as EntityDef;
const lifecycles = {
  srmPurRequisitionHeader: { name: 'purRequisition', statusLookup: 'PUR_REQUISITION_STATUS', transitions: [] },
};
const statusValues = [
  { lookupCode: 'SUBMITTED', meaning: '审批中' },
  { lookupCode: 'APPROVED', meaning: '已审批' },
  { lookupCode: 'DRAFT', meaning: '新建' },
];
const history = [
  {
    historyId: 1,
    action: 'doSubmit',
    actionLabel: '提交',
    fromState: 'DRAFT',
    toState: 'SUBMITTED',
    userName: 'buyer01',
    actorName: '王磊',
    actionDate: '2026-11-22 09:00:00',
    comment: null,
  },
  {
    historyId: 2,
    action: 'doApprove',
    actionLabel: '审批通过',
    fromState: 'SUBMITTED',
    toState: 'APPROVED',
    userName: 'manager01',
    actionDate: '2026-11-22 10:00:00',
    comment: '同意',
  },
];

function timeline(provider: ReturnType<typeof createFakeProvider>, record: Record<string, unknown> | null) {
  return renderWithApp(
    <LifecycleContext.Provider value={lifecycles}>
      <LifecycleTimeline entity={entity} record={record} />
    </LifecycleContext.Provider>,
    { provider },
  );
}

describe('LifecycleTimeline', () => {
  it('shows each transition with its action, states (lookup meanings), user (by name, else login), date and comment, oldest first', async () => {
    await i18n.changeLanguage('CN');
    const provider = createFakeProvider({
      findHistory: async () => history,
      findDic: async () => ({ PUR_REQUISITION_STATUS: statusValues }),
    });
    timeline(provider, { requisitionHeaderId: 7, versionNum: 3 });
    await waitFor(() =>
      expect(screen.getAllByTestId('timeline-item').map((item) => item.textContent)).toEqual([
        '提交 · 新建 → 审批中王磊 · 2026-11-22 09:00:00',
        '审批通过 · 审批中 → 已审批manager01 · 2026-11-22 10:00:00意见：同意',
      ]),
    );
    expect(provider.findHistory).toHaveBeenCalledWith(entity, 7);
  });

  it('shows the server message when the history cannot be read, and nothing for an unsaved record', async () => {
    const provider = createFakeProvider({
      findHistory: async () => {
        throw new ApiError({ httpStatus: 404, code: 'E', msg: '记录不存在或已被删除' });
      },
    });
    timeline(provider, { requisitionHeaderId: 8, versionNum: 1 });
    expect(await screen.findByText('记录不存在或已被删除')).toBeTruthy();
    const unsaved = createFakeProvider();
    timeline(unsaved, {});
    expect(unsaved.findHistory).not.toHaveBeenCalled();
  });
});

function Location() {
  return <div data-testid="location">{useLocation().pathname + useLocation().search}</div>;
}

describe('MyUpcoming', () => {
  it("lists my open approval to-dos from findMyUpcoming and opens a document at its billLink, without the list's menu", async () => {
    await i18n.changeLanguage('EN');
    const provider = createFakeProvider({
      listByPage: async () => ({
        rows: [
          {
            todoId: 5,
            pendingTitle: 'Requisition PR1 awaits your approval',
            billType: 'PUR_REQUISITION',
            billNumber: 'PR1',
            billLink: 'purRequisitionManage/purRequisitionEdit?id=12',
            creationDate: '2026-11-22 09:00:00',
          },
        ],
        page: { count: 1, pageIndex: 1, pageRows: 20 },
      }),
    });
    const page = {
      path: 'myUpcoming',
      type: 'custom',
      widget: 'MyUpcoming',
      title: { cn: '我的待审批', en: 'Awaiting my approval' },
    } as unknown as PageDef;
    renderWithApp(
      <Routes>
        <Route path="/main/myUpcoming" element={<MyUpcoming page={page} />} />
        <Route path="*" element={<Location />} />
      </Routes>,
      { provider, url: '/main/myUpcoming' },
    );
    fireEvent.click(await screen.findByText('Requisition PR1 awaits your approval'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/main/purRequisitionManage/purRequisitionEdit?id=12'),
    );
    expect(provider.listByPage).toHaveBeenCalledWith(
      { name: 'baseApproval', area: 'baseServer' },
      { pageIndex: 1, pageRows: 20 },
      '/api/baseServer/v1/baseApprovalRestful/findMyUpcoming',
    );
    await i18n.changeLanguage('CN');
  });

  it("documentUrl keeps the link's query", () => {
    expect(documentUrl('a/b?id=3&mode=view')).toBe('/main/a/b?id=3&mode=view');
  });
});
