import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('record their argon2id cost, so a server verifies hashes of either cost', async () => {
    const standard = await hashPassword('Meridian#2026');
    const low = await hashPassword('Meridian#2026', 'low');
    expect(standard).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(low).toMatch(/^\$argon2id\$v=19\$m=4096,p=1,t=1\$/);
    expect(await verifyPassword(standard, 'Meridian#2026')).toBe(true);
    expect(await verifyPassword(low, 'Meridian#2026')).toBe(true);
    expect(await verifyPassword(low, 'Meridian#2027')).toBe(false);
  });
});
