import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageDef } from '../meta';
import { createFakeProvider } from '../test/fakeProvider';
import { editPage, entities, statusLookup } from '../test/fixtures';
import { renderWithApp } from '../test/render';
import { EditPage } from '../pages/EditPage';
import { columnProps } from './FormSection';

describe('FormSection columns', () => {
  it('follow the window: the declared count on wide screens, two from 992 px, one below; spans and full rows', () => {
    expect(columnProps(3)).toEqual({ xs: 24, lg: 12, xl: 8 });
    expect(columnProps(3, 2)).toEqual({ xs: 24, lg: 24, xl: 16 });
    expect(columnProps(3, -1)).toEqual({ xs: 24, lg: 24, xl: 24 });
    expect(columnProps(2)).toEqual({ xs: 24, lg: 12 });
    expect(columnProps(4)).toEqual({ xs: 24, lg: 12, xl: 8, xxl: 6 });
    expect(columnProps(1, 3)).toEqual({ xs: 24 });
  });

  it('lay out the edit form and the view alike, long text over the whole row', async () => {
    const page: PageDef = {
      ...editPage,
      form: { ...editPage.form!, columns: 3, sections: [{ fields: ['title', 'orgId', 'needByDate', 'remark'] }] },
    };
    const provider = createFakeProvider({
      findById: async () => ({
        requisitionHeaderId: 1,
        title: '办公用品',
        remark: '长备注',
        status: 'DRAFT',
        versionNum: 1,
        lines: [],
      }),
      findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
    });
    renderWithApp(<EditPage page={page} entities={entities} readPretty />, { provider, url: '/main/x?id=1' });
    await screen.findByText('长备注');
    const cellOf = (text: string) => screen.getByText(text).closest('.ant-col')!;
    expect(cellOf('办公用品').className).toMatch(/ant-col-xs-24 .*ant-col-lg-12 .*ant-col-xl-8/);
    expect(cellOf('长备注').className).toMatch(/ant-col-xl-24/);
  });
});
