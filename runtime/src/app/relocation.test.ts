import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../core/session';
import { relocationTarget, type RelocationRule } from './relocation';

const buyer: UserInfo = { userId: 2, userName: 'buyer01', userType: 'INSIDE' };

describe('relocationTarget', () => {
  it('goes home without a wanted screen', () => {
    expect(relocationTarget(buyer, null)).toBe('/main');
    expect(relocationTarget(buyer, '')).toBe('/main');
    expect(relocationTarget(null, undefined)).toBe('/main');
  });

  it('returns to the deep link asked for before signing in, query included', () => {
    expect(relocationTarget(buyer, '/main/purchaseRequisitionList?menuId=5&respId=2')).toBe(
      '/main/purchaseRequisitionList?menuId=5&respId=2',
    );
  });

  it.each([
    ['https://evil.example/'],
    ['//evil.example'],
    ['/login'],
    ['/mainx'],
    ['/main//evil.example'],
    ['javascript:alert(1)'],
  ])('goes home instead of the unsafe return path %j', (returnTo) => {
    expect(relocationTarget(buyer, returnTo)).toBe('/main');
  });

  it('tries the rules in order: the first that names a target wins', () => {
    const incomplete: RelocationRule = ({ userInfo }) =>
      userInfo?.userType === 'EX_PENDING' ? '/registerInfoEdit' : null;
    const deep: RelocationRule = ({ returnTo }) => returnTo ?? null;
    const supplier = { ...buyer, userType: 'EX_PENDING' };
    expect(relocationTarget(supplier, '/main/x', [incomplete, deep])).toBe('/registerInfoEdit');
    expect(relocationTarget(buyer, '/main/x', [incomplete, deep])).toBe('/main/x');
    expect(relocationTarget(buyer, null, [incomplete, deep])).toBe('/main');
  });
});
