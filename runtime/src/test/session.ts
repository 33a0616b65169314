/** Login answers for tests, and a helper that stores one as the session (as the login page does). */
import { saveSession, type LoginData } from '../core/session';

export const buyerLogin: LoginData = {
  certificate: 'cert-buyer',
  authorizationCode: 'auth-buyer',
  userInfo: {
    userId: 2,
    userName: 'buyer01',
    userType: 'INSIDE',
    personName: '王采购',
    supplierId: null,
    supplierName: null,
    orgId: 1,
    orgNumber: 'SZ01',
  },
  responsibilities: [
    { responsibilityId: 11, responsibilityCode: 'BUYER', responsibilityName: '采购员', userType: 'INSIDE' },
    { responsibilityId: 12, responsibilityCode: 'BUYER_MGR', responsibilityName: '采购经理', userType: 'INSIDE' },
  ],
};

export const supplierLogin: LoginData = {
  certificate: 'cert-supplier',
  authorizationCode: 'auth-supplier',
  userInfo: {
    userId: 3,
    userName: 'supplier01',
    userType: 'EX_MAIN',
    personName: '李供应',
    supplierId: 501,
    supplierName: '苏州精密五金有限公司',
  },
  responsibilities: [
    { responsibilityId: 21, responsibilityCode: 'SUPPLIER', responsibilityName: '供应商', userType: 'EX' },
  ],
};

export function signIn(data: LoginData = buyerLogin): void {
  saveSession(data);
}
