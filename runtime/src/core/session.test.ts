import { describe, expect, it, vi } from 'vitest';
import { buyerLogin, supplierLogin } from '../test/session';
import {
  clearSession,
  displayName,
  expireSessionOn401,
  getCertificate,
  getResponsibilities,
  getResponsibilityId,
  getUserInfo,
  hasSession,
  isSupplierUser,
  supplierDisplayName,
  readSessionSnapshot,
  saveSession,
  SESSION_KEYS,
  setResponsibilityId,
  subscribeSession,
  updateSessionInfo,
} from './session';

describe('session helpers', () => {
  it('saveSession stores tokens, user info, responsibilities and makes the first one current', () => {
    saveSession(buyerLogin);
    expect(sessionStorage.getItem(SESSION_KEYS.certificate)).toBe('cert-buyer');
    expect(sessionStorage.getItem(SESSION_KEYS.authorizationCode)).toBe('auth-buyer');
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.userInfo) ?? '')).toEqual(buyerLogin.userInfo);
    expect(getResponsibilityId()).toBe('11');
    expect(getResponsibilities().map((r) => r.responsibilityName)).toEqual(['采购员', '采购经理']);
    expect(getUserInfo()?.userName).toBe('buyer01');
    expect(hasSession()).toBe(true);
  });

  it('clearSession removes every session key and leaves the language choice', () => {
    localStorage.setItem('meridian.language', 'EN');
    saveSession(buyerLogin);
    clearSession();
    for (const key of Object.values(SESSION_KEYS)) expect(sessionStorage.getItem(key)).toBeNull();
    expect(hasSession()).toBe(false);
    expect(getUserInfo()).toBeNull();
    expect(localStorage.getItem('meridian.language')).toBe('EN');
  });

  it('setResponsibilityId accepts only a held responsibility', () => {
    saveSession(buyerLogin);
    expect(setResponsibilityId(12)).toBe(true);
    expect(getResponsibilityId()).toBe('12');
    expect(setResponsibilityId('99')).toBe(false);
    expect(getResponsibilityId()).toBe('12');
  });

  it('updateSessionInfo keeps the current responsibility while held, else takes the first', () => {
    saveSession(buyerLogin);
    setResponsibilityId(12);
    updateSessionInfo({ ...buyerLogin.userInfo, personName: 'Wang' }, buyerLogin.responsibilities);
    expect(getResponsibilityId()).toBe('12');
    expect(getUserInfo()?.personName).toBe('Wang');
    updateSessionInfo(buyerLogin.userInfo, [buyerLogin.responsibilities[0]]);
    expect(getResponsibilityId()).toBe('11');
  });

  it('the snapshot is one object while nothing changes, and subscribers hear every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    expect(readSessionSnapshot()).toBeNull();
    saveSession(buyerLogin);
    const first = readSessionSnapshot();
    expect(first?.responsibilityId).toBe('11');
    expect(readSessionSnapshot()).toBe(first);
    setResponsibilityId(12);
    expect(readSessionSnapshot()).not.toBe(first);
    expect(readSessionSnapshot()?.responsibilityId).toBe('12');
    clearSession();
    expect(readSessionSnapshot()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    saveSession(buyerLogin);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('tells supplier users (type EX…) from internal ones, and names the user', () => {
    expect(isSupplierUser(supplierLogin.userInfo)).toBe(true);
    expect(isSupplierUser(buyerLogin.userInfo)).toBe(false);
    expect(isSupplierUser(null)).toBe(false);
    expect(displayName(buyerLogin.userInfo)).toBe('王采购');
    expect(displayName({ userId: 1, userName: 'admin', userType: 'INSIDE', personName: null })).toBe('admin');
  });

  it('names the user and the supplier in English where English names are kept, else in Chinese', () => {
    const user = {
      userId: 2,
      userName: 'buyer01',
      userType: 'INSIDE',
      personName: '王磊',
      personNameEn: 'Wang Lei',
      supplierName: '苏州精密',
      supplierNameEn: 'Suzhou Precision',
    };
    expect(displayName(user, 'EN')).toBe('Wang Lei');
    expect(displayName(user, 'CN')).toBe('王磊');
    expect(displayName({ ...user, personNameEn: null }, 'EN')).toBe('王磊');
    expect(supplierDisplayName(user, 'EN')).toBe('Suzhou Precision');
    expect(supplierDisplayName(user, 'CN')).toBe('苏州精密');
    expect(supplierDisplayName({ ...user, supplierNameEn: '' }, 'EN')).toBe('苏州精密');
  });
});

describe('401 ends the session', () => {
  it('clears the session when a call that carried it answers 401', () => {
    saveSession(buyerLogin);
    expect(expireSessionOn401('/api/srmServer/v1/xRestful/listByPage', 401, 'cert-buyer')).toBe(true);
    expect(hasSession()).toBe(false);
  });

  it('leaves it alone for other statuses, login-area calls and answers to an earlier session', () => {
    saveSession(buyerLogin);
    expect(expireSessionOn401('/api/srmServer/v1/xRestful/listByPage', 403, 'cert-buyer')).toBe(false);
    expect(expireSessionOn401('/api/baseServer/v1/baseLoginRestful/login', 401, 'cert-buyer')).toBe(false);
    expect(expireSessionOn401('/api/srmServer/v1/xRestful/listByPage', 401, 'cert-old')).toBe(false);
    expect(expireSessionOn401('/api/srmServer/v1/xRestful/listByPage', 401, '')).toBe(false);
    expect(getCertificate()).toBe('cert-buyer');
  });
});
