import type { AccessService } from '../access/accessService';
import { hashPassword, passwordProblem } from '../auth/passwords';
import type { ServerConfig } from '../config';
import type { Database } from '../db/sqlExecutor';
import type { ResourceWriter } from '../resource/resourceWriter';
import { systemContext } from '../resource/context';

/** Demo accounts' password (docs/architecture.md "Running it"); never used outside demo mode. */
export const DEMO_PASSWORD = 'Meridian#2026';
export const ADMIN_RESPONSIBILITY = 'SYS_ADMIN_RESP';

export class StartupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefusedError';
  }
}

/** Users holding the administrator responsibility today. */
async function administrators(access: AccessService): Promise<number> {
  const { t, c } = access.sql;
  const rows = await access.db.select(
    `SELECT COUNT(*) AS n FROM ${t('baseUserResp')} ur JOIN ${t('baseResponsibility')} r ON ${c('baseResponsibility', 'responsibilityId', 'r')} = ${c('baseUserResp', 'responsibilityId', 'ur')} ` +
      `JOIN ${t('baseUsers')} u ON ${c('baseUsers', 'userId', 'u')} = ${c('baseUserResp', 'userId', 'ur')} ` +
      `WHERE ${c('baseResponsibility', 'responsibilityCode', 'r')} = ? AND ${c('baseUsers', 'passwordHash', 'u')} IS NOT NULL`,
    [ADMIN_RESPONSIBILITY],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Accounts that must exist before anyone can sign in. Demo mode: every seeded user without a
 * password gets the demo password. Otherwise, when no administrator exists yet, the first one
 * ("admin") is created with ADMIN_PASSWORD — and without it the server refuses to start: there
 * are no default credentials outside demo mode.
 */
export async function ensureAccounts(
  config: ServerConfig,
  access: AccessService,
  db: Database,
  writer: ResourceWriter,
): Promise<string[]> {
  const { t, c } = access.sql;
  const created: string[] = [];
  if (config.demo) {
    const rows = await db.select(
      `SELECT ${c('baseUsers', 'userId')} AS id, ${c('baseUsers', 'userName')} AS name FROM ${t('baseUsers')} WHERE ${c('baseUsers', 'passwordHash')} IS NULL`,
    );
    for (const row of rows) {
      await access.setPasswordHash(Number(row.id), await hashPassword(DEMO_PASSWORD, config.passwordCost));
      created.push(String(row.name));
    }
  }
  if ((await administrators(access)) > 0) return created;
  const password = config.adminPassword;
  if (!password) {
    throw new StartupRefusedError(
      'No administrator exists yet. Set ADMIN_PASSWORD to create the first one ("admin"); outside demo mode there are no default credentials.',
    );
  }
  const problem = passwordProblem(password, 'admin');
  if (problem) throw new StartupRefusedError(`ADMIN_PASSWORD is too weak: ${problem.en}`);
  const existing = await access.userByName('admin');
  const respRows = await db.select(
    `SELECT ${c('baseResponsibility', 'responsibilityId')} AS id FROM ${t('baseResponsibility')} WHERE ${c('baseResponsibility', 'responsibilityCode')} = ?`,
    [ADMIN_RESPONSIBILITY],
  );
  if (!respRows[0])
    throw new StartupRefusedError(`The ${ADMIN_RESPONSIBILITY} responsibility is missing from seeds/base.`);
  await db.transaction(async (tx) => {
    const userId =
      existing?.userId ??
      (await writer.insert(
        tx,
        access.registry.entity('baseUsers')!,
        { userName: 'admin', userType: 'INSIDE_ADMIN', personName: 'Administrator', enabledFlag: 'Y' },
        systemContext(),
      ));
    await writer.insert(
      tx,
      access.registry.entity('baseUserResp')!,
      { userId, responsibilityId: Number(respRows[0].id), enabledFlag: 'Y' },
      systemContext(),
    );
  });
  const admin = (await access.userByName('admin'))!;
  await access.setPasswordHash(admin.userId, await hashPassword(password, config.passwordCost));
  created.push('admin');
  return created;
}
