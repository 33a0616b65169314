import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: session certificates, authorization codes, captcha keys. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of secrets are stored: a database leak does not hand out live sessions. */
export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function randomDigits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(10))).join('');
}
