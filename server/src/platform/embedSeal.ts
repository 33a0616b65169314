/**
 * Sealing of embedded-page parameters (docs/architecture.md "Spec: routes and home", /iframeBox
 * …&actionId={encrypted}).
 * AES-256-GCM with a key derived by HKDF from the server secret and the caller's session: a
 * sealed actionId can be opened only by the session that asked for it, and any change to it
 * fails the GCM tag. The sealed bytes are iv (12) | ciphertext | tag (16), base64url.
 */
import type { EmbedParams } from '@meridian/metadata';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bound into every seal (GCM additional data): a blob sealed for another purpose never opens here. */
const PURPOSE = 'meridian.embed.v1';

export type { EmbedParams };

function sessionKey(secret: Buffer, sessionId: number): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.from(PURPOSE), Buffer.from(`session:${sessionId}`), 32));
}

export function seal(params: EmbedParams, secret: Buffer, sessionId: number): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sessionKey(secret, sessionId), iv);
  cipher.setAAD(Buffer.from(PURPOSE));
  const body = Buffer.concat([cipher.update(JSON.stringify(params), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The sealed parameters, or undefined when the blob is malformed, tampered with or another session's. */
export function open(actionId: string, secret: Buffer, sessionId: number): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(actionId)) return undefined;
  const bytes = Buffer.from(actionId, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sessionKey(secret, sessionId), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(PURPOSE));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const text = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const SECRET_FILE = 'app-secret';

/**
 * The server secret: APP_SECRET (any text, hashed to 32 bytes by HKDF's extract step), else 32
 * random bytes kept in DATA_DIR/app-secret, created once (exclusively, so two instances starting
 * together on shared storage agree on one secret). Every instance must share it.
 */
export function loadAppSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.APP_SECRET) return Buffer.from(env.APP_SECRET, 'utf8');
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (secret.length < 32) throw new Error(`${file} does not hold a 32-byte secret; delete it to have a new one made`);
  return secret;
}
