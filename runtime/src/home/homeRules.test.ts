import { describe, expect, it } from 'vitest';
import {
  localized,
  markedRead,
  noticeHasDot,
  notificationIsNew,
  notificationIsUnread,
  readerTarget,
  todoOpening,
  todoTarget,
} from './homeRules';

describe('notification rules', () => {
  it('shows the New tag while viewFlag is N, and bold while selfCount is 0', () => {
    expect(notificationIsNew({ viewFlag: 'N', selfCount: 0 })).toBe(true);
    expect(notificationIsNew({ viewFlag: 'Y', selfCount: 0 })).toBe(false);
    expect(notificationIsUnread({ viewFlag: 'Y', selfCount: 0 })).toBe(true);
    expect(notificationIsUnread({ viewFlag: 'Y', selfCount: '2' })).toBe(false);
  });

  it('marks a clicked row read locally: no New tag, not bold', () => {
    const read = markedRead({ notificationId: 7, viewFlag: 'N', selfCount: 0 });
    expect(read).toEqual({ notificationId: 7, viewFlag: 'Y', selfCount: 1 });
    expect(notificationIsNew(read)).toBe(false);
    expect(notificationIsUnread(read)).toBe(false);
  });
});

describe('announcement rules', () => {
  it('shows a red dot only while the user has never viewed it', () => {
    expect(noticeHasDot({ selfCount: 0 })).toBe(true);
    expect(noticeHasDot({})).toBe(true);
    expect(noticeHasDot({ selfCount: 3 })).toBe(false);
    expect(noticeHasDot(markedRead({ selfCount: 0 }))).toBe(false);
  });
});

describe('opening a to-do', () => {
  it('marks internal bargaining and quality-chat items handled only with a menu code, and navigates only with one', () => {
    expect(
      todoOpening('internal', { billType: 'BIDDING_BARGAINING', menuCode: 'PUR_REQUISITION', handleFlag: 'N' }),
    ).toEqual({ handle: true, navigate: true });
    expect(todoOpening('internal', { billType: 'SRM_QUALITY_CHAT', menuCode: 'QC', handleFlag: 'N' })).toEqual({
      handle: true,
      navigate: true,
    });
    expect(todoOpening('internal', { billType: 'SRM_QUALITY_CHAT', menuCode: '', handleFlag: 'N' })).toEqual({
      handle: false,
      navigate: false,
    });
    expect(
      todoOpening('internal', { billType: 'PUR_REQUISITION', menuCode: 'PUR_REQUISITION', handleFlag: 'N' }),
    ).toEqual({ handle: false, navigate: true });
    expect(todoOpening('internal', { billType: 'BIDDING_BARGAINING', menuCode: 'X', handleFlag: 'Y' })).toEqual({
      handle: false,
      navigate: true,
    });
    expect(
      todoOpening('internal', { billType: 'BIDDING_BARGAINING', menuCode: 'X', handleFlag: 'N', cancelFlag: 'Y' })
        .handle,
    ).toBe(false);
  });

  it('marks a pending supplier PERFORMANCE_SIMPLE item handled, although it has no menu', () => {
    expect(todoOpening('supplier', { billType: 'PERFORMANCE_SIMPLE', handleFlag: 'N' })).toEqual({
      handle: true,
      navigate: false,
    });
    expect(todoOpening('supplier', { billType: 'PERFORMANCE_SIMPLE', handleFlag: 'Y' })).toEqual({
      handle: false,
      navigate: false,
    });
    expect(
      todoOpening('supplier', { billType: 'BIDDING_BARGAINING', menuCode: 'biddingRespList', handleFlag: 'N' }),
    ).toEqual({ handle: false, navigate: true });
  });

  it('marks a pending supplier SRM_SPE_EXPRESSION item handled and opens its list', () => {
    expect(
      todoOpening('supplier', {
        billType: 'SRM_SPE_EXPRESSION',
        menuCode: 'srmSpeSupplierExpressionList',
        handleFlag: 'N',
      }),
    ).toEqual({ handle: true, navigate: true });
  });

  it("opens billLink (else the menu page) under /main with menuId and respId, keeping the link's own query", () => {
    expect(todoTarget({ billLink: 'purRequisitionManage/purRequisitionEdit?id=12' }, { menuId: 31 }, '102')).toBe(
      '/main/purRequisitionManage/purRequisitionEdit?id=12&menuId=31&respId=102',
    );
    expect(todoTarget({ billLink: '' }, { menuId: 31, htmlUrl: 'purchaseRequisitionList' }, '102')).toBe(
      '/main/purchaseRequisitionList?menuId=31&respId=102',
    );
    // A menu the responsibility lacks resolves to menu id 0 (docs/architecture.md "Spec: routes and home");
    // the page then refuses.
    expect(todoTarget({ billLink: '/main/x?id=1' }, { menuId: 0 }, '5')).toBe('/main/x?id=1&menuId=0&respId=5');
    expect(todoTarget({}, { menuId: 0 }, '5')).toBeUndefined();
  });
});

describe('readers', () => {
  it('open details with id and viewCount', () => {
    expect(readerTarget('notification', 9, 2)).toBe('/main/notification/notificationDesc?id=9&viewCount=2');
    expect(readerTarget('notice', 4, undefined)).toBe('/main/notice/noticeDesc?id=4&viewCount=0');
  });

  it('show the English title in English when there is one', () => {
    const row = {
      pendingTitle: '议价回复',
      pendingTitleEn: 'Bargaining reply',
      noticeTitle: '通知',
      noticeTitleEn: ' ',
    };
    expect(localized(row, 'pendingTitle', 'EN')).toBe('Bargaining reply');
    expect(localized(row, 'pendingTitle', 'CN')).toBe('议价回复');
    expect(localized(row, 'noticeTitle', 'EN')).toBe('通知');
  });
});
