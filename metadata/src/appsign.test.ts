import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appsignRounds, computeAppsign, verifyAppsign } from './appsign';
import { sha256Hex } from './sha256';

const nodeSha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it.each(['', 'abc', '1700000000000', 'a'.repeat(55), 'b'.repeat(56), 'c'.repeat(64), '采购申请 ✓', 'x'.repeat(1000)])(
    'matches node:crypto for %j',
    (input) => expect(sha256Hex(input)).toBe(nodeSha(input)),
  );
});

describe('appsign', () => {
  it('hashes (sum of first 10 digits % 4) + 1 times', () => {
    const t = '1763800000123'; // digits 1+7+6+3+8 = 25 -> 25 % 4 = 1 -> 2 rounds
    expect(appsignRounds(t)).toBe(2);
    expect(computeAppsign(t)).toBe(nodeSha(nodeSha(t)));
    expect(appsignRounds('0000000000999')).toBe(1);
    expect(computeAppsign('0000000000999')).toBe(nodeSha('0000000000999'));
  });

  it('accepts a fresh, correct sign and refuses the rest', () => {
    const now = 1763800000123;
    const t = String(now);
    expect(verifyAppsign(t, computeAppsign(t), now)).toEqual({ ok: true });
    expect(verifyAppsign(t, computeAppsign(t).toUpperCase(), now)).toEqual({ ok: true });
    expect(verifyAppsign(t, 'deadbeef', now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyAppsign(undefined, 'x', now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyAppsign('12ab', 'x', now)).toEqual({ ok: false, reason: 'malformed' });
    const old = String(now - 6 * 60 * 1000);
    expect(verifyAppsign(old, computeAppsign(old), now)).toEqual({ ok: false, reason: 'expired' });
  });
});
