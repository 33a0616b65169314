import * as argon2 from 'argon2';
import { randomInt } from 'node:crypto';
import type { I18nText } from '@meridian/metadata';

/**
 * How costly a new password hash is. `standard`: argon2id with the library's defaults (64 MiB,
 * t=3, p=4), 50–600 ms a hash on these two-core machines. `low` (4 MiB, t=1, p=1, about 2 ms) is
 * for automated tests and demo servers only (MERIDIAN_TEST_PASSWORD_COST, refused outside them by
 * config.ts): the suites sign in hundreds of times and seed every demo user's hash per database.
 * A hash records its own cost, so verifying never depends on this setting.
 */
export type PasswordCost = 'standard' | 'low';

const COST_OPTIONS: Record<PasswordCost, { memoryCost?: number; timeCost?: number; parallelism?: number }> = {
  standard: {},
  low: { memoryCost: 4096, timeCost: 1, parallelism: 1 },
};

export function hashPassword(password: string, cost: PasswordCost = 'standard'): Promise<string> {
  return argon2.hash(password, { ...COST_OPTIONS[cost], type: argon2.argon2id });
}

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A fixed hash verified when the user does not exist, so both answers take the same time: of the
 * cost the server hashes passwords with.
 */
const dummyHashes = new Map<PasswordCost, Promise<string>>();
export async function burnVerification(password: string, cost: PasswordCost = 'standard'): Promise<void> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) dummyHashes.set(cost, (dummy = hashPassword('not-a-real-password-Meridian#0', cost)));
  await verifyPassword(await dummy, password);
}

export const PASSWORD_MIN_LENGTH = 8;

/**
 * Password complexity (spec: the complexity flag is on; docs/architecture.md
 * "Passwords and login throttling"): at least 8
 * characters, at least 3 of upper case, lower case, digit and symbol, and not containing the
 * user name. Returns the problem, or nothing.
 */
export function passwordProblem(password: unknown, userName: string): I18nText | undefined {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) {
    return {
      cn: `密码至少 ${PASSWORD_MIN_LENGTH} 位`,
      en: `The password needs at least ${PASSWORD_MIN_LENGTH} characters`,
    };
  }
  if (password.length > 128) return { cn: '密码过长', en: 'The password is too long' };
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 3) {
    return {
      cn: '密码需包含大写字母、小写字母、数字、符号中的至少三类',
      en: 'The password needs 3 of: upper-case letter, lower-case letter, digit, symbol',
    };
  }
  if (userName && password.toLowerCase().includes(userName.toLowerCase())) {
    return { cn: '密码不能包含用户名', en: 'The password must not contain the user name' };
  }
  return undefined;
}

/** A random 12-character password that passes the complexity rule (all four classes). */
export function temporaryPassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '#%+=@!?'];
  const chars = sets.map((set) => set[randomInt(set.length)]);
  const all = sets.join('');
  while (chars.length < 12) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
