import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../core/session';
import { relocationTarget } from '../../../app/relocation';
import { registerRegistration } from '.';

// As the app's entry does: the registration adds its rule to the shell's list.
registerRegistration();

const supplier = (supplierStatus: string | null, userType = 'EX_ADMIN'): UserInfo => ({
  userId: 9,
  userName: 'newsupp',
  userType,
  supplierId: 8,
  supplierStatus,
});

describe('unfinished supplier registration', () => {
  it('sends a REGISTERING supplier to /registerInfoEdit, before any deep link', () => {
    expect(relocationTarget(supplier('REGISTERING'), null)).toBe('/registerInfoEdit');
    expect(relocationTarget(supplier('REGISTERING'), '/main/supplierInfoList')).toBe('/registerInfoEdit');
  });

  it('lets registered suppliers and internal users go home or to their deep link', () => {
    expect(relocationTarget(supplier('REGISTERED'), null)).toBe('/main');
    expect(relocationTarget(supplier('QUALIFIED'), '/main/supplierInfoList')).toBe('/main/supplierInfoList');
    expect(relocationTarget(supplier('REGISTERING', 'INSIDE'), null)).toBe('/main');
  });
});
