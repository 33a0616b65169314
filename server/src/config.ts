import * as path from 'node:path';
import type { PasswordCost } from './auth/passwords';

export type DbKind = 'sqlite' | 'mysql';

export interface ServerConfig {
  port: number;
  dbUrl: string;
  dbKind: DbKind;
  dataDir: string;
  demo: boolean;
  production: boolean;
  /** Built runtime served at "/"; absent in API-only test runs. */
  runtimeDir?: string;
  /** Password of the first administrator, created when none exists (ADMIN_PASSWORD). */
  adminPassword?: string;
  /**
   * MERIDIAN_TEST_CAPTCHA: every captcha gets this answer, so browser tests can pass the public
   * forms. Refused at start-up unless demo mode is on and NODE_ENV is not production.
   */
  testCaptchaAnswer?: string;
  /**
   * MERIDIAN_TEST_PASSWORD_COST=low: new password hashes at a low argon2 cost (auth/passwords.ts),
   * for test and demo servers. Refused at start-up unless demo mode is on and NODE_ENV is not
   * production; otherwise `standard`.
   */
  passwordCost: PasswordCost;
  /** Upload limit per file in KB (UPLOAD_MAX_SIZE_KB, spec default 102400 = 100 MB). */
  uploadMaxSizeKb: number;
  /** Extensions accepted by the file server (UPLOAD_FORMATS, comma-separated; see server/src/files/contentCheck.ts). */
  uploadFormats?: string[];
  /** Serve the generated API description at /api/openapi.json and /api/docs (API_DOCS, default on). */
  apiDocs: boolean;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For names the client (Fastify's trustProxy: true, a hop
   * count, or comma-separated addresses/CIDRs). Off by default: the socket's address is the
   * client, which the login throttle counts per client (docs/decisions.md, issue 13).
   */
  trustProxy?: boolean | number | string;
  /**
   * OA_SUPPLIER_URL: the office-automation endpoint doOAWriteSupplierInfo posts the supplier to
   * (JSON). Unset (the default), the local provider keeps the message in the OA outbox table.
   */
  oaSupplierUrl?: string;
  /**
   * SCHEDULER=off: this process runs no timers (scheduler/scheduler.ts). On by default: every
   * instance runs the scheduler, and each due run is claimed by one of them. Tests start their
   * servers without it and run timers directly.
   */
  scheduler: boolean;
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

function parseBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return /^(1|true|yes|on|y)$/i.test(value);
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number (got "${value}")`);
  return n;
}

function parseTrustProxy(value: string | undefined): boolean | number | string | undefined {
  if (value === undefined || value.trim() === '' || /^(0|false|no|off|n)$/i.test(value.trim())) return undefined;
  if (/^(true|yes|on|y)$/i.test(value.trim())) return true;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  return value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .join(',');
}

function parsePasswordCost(value: string | undefined, productionLike: boolean): PasswordCost {
  if (value === undefined || value === '' || value === 'standard') return 'standard';
  if (value !== 'low') throw new Error(`MERIDIAN_TEST_PASSWORD_COST must be "low" or "standard" (got "${value}")`);
  if (productionLike) {
    throw new Error(
      'MERIDIAN_TEST_PASSWORD_COST=low is for automated tests and demo servers only: it is refused when NODE_ENV=production or DEMO is off',
    );
  }
  return 'low';
}

export function dbKindOf(url: string): DbKind {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (/^(mysql|mariadb):\/\//.test(url)) return 'mysql';
  throw new Error(`DB_URL must start with sqlite: or mysql:// (got "${url}")`);
}

/** Configuration comes from the environment only (docs/architecture.md "Running it"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR || 'data');
  const dbUrl = env.DB_URL || `sqlite:${path.join(dataDir, 'meridian.sqlite')}`;
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`PORT must be a TCP port number (got "${env.PORT}")`);
  const demo = parseBool(env.DEMO, !production);
  const testCaptchaAnswer = env.MERIDIAN_TEST_CAPTCHA || undefined;
  if (testCaptchaAnswer && (production || !demo)) {
    throw new Error(
      'MERIDIAN_TEST_CAPTCHA is for automated tests only: it is refused when NODE_ENV=production or DEMO is off',
    );
  }
  const passwordCost = parsePasswordCost(env.MERIDIAN_TEST_PASSWORD_COST, production || !demo);
  return {
    port,
    dbUrl,
    dbKind: dbKindOf(dbUrl),
    dataDir,
    demo,
    production,
    runtimeDir: path.join(REPO_ROOT, 'runtime', 'dist'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    testCaptchaAnswer,
    passwordCost,
    uploadMaxSizeKb: positiveInt(env.UPLOAD_MAX_SIZE_KB, 102400, 'UPLOAD_MAX_SIZE_KB'),
    apiDocs: parseBool(env.API_DOCS, true),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    oaSupplierUrl: env.OA_SUPPLIER_URL || undefined,
    scheduler: parseBool(env.SCHEDULER, true),
    uploadFormats: env.UPLOAD_FORMATS
      ? env.UPLOAD_FORMATS.split(',')
          .map((f) => f.trim().toLowerCase())
          .filter(Boolean)
      : undefined,
  };
}
