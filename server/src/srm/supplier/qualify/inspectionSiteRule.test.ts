import { describe, expect, it } from 'vitest';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { SaveDone, SaveDraft } from '../../../hooks/recordHooks';
import { ApiError } from '../../../http/apiError';
import { InspectionSiteRule, type StoredSite } from './inspectionSiteRule';

/** The inspection-site rule with stored rows given directly (no database): who may change inspectFlag, and where. */
const STORED = new Map<number, StoredSite>([
  [1, { inspectFlag: 'N', editFlag: 'Y' }],
  [2, { inspectFlag: 'N', editFlag: 'N' }],
]);
/** The stored rows as PlatformRows.select reads them: a header's sites, or one site by its key. */
const store = {
  select: async (_tx: unknown, _entity: string, _fields: string[], where: { qualifySiteId?: number }) =>
    [...STORED]
      .filter(([id]) => where.qualifySiteId === undefined || where.qualifySiteId === id)
      .map(([qualifySiteId, site]) => ({ qualifySiteId, ...site })),
};
const ctx = (userType: string) => ({ userId: 1, language: 'EN' as const, vars: { user: { userType } } });
const tx = {} as SqlExecutor;
const header = (userType: string) =>
  ({
    entity: { name: 'srmSlcQualifyHeader' },
    values: {},
    children: {},
    creating: false,
    id: 10,
    ctx: ctx(userType),
    tx,
  }) as unknown as SaveDraft;
const line = (id: number, inspectFlag: string, userType: string) =>
  ({
    entity: { name: 'srmSlcQualifySite' },
    id,
    values: { inspectFlag },
    ctx: ctx(userType),
    tx,
  }) as unknown as SaveDone;

async function outcome(run: () => Promise<void>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (e) {
    return e instanceof ApiError ? String(e.httpStatus) : 'other';
  }
}

describe('InspectionSiteRule', () => {
  it.each([
    ['INSIDE', 1, 'Y', 'ok'],
    ['INSIDE', 2, 'Y', '403'],
    ['INSIDE', 2, 'N', 'ok'],
    ['EX_ADMIN', 1, 'Y', '403'],
    ['EX_ADMIN', 1, 'N', 'ok'],
    ['INSIDE_ADMIN', 99, 'Y', 'ok'],
    ['EX', 99, 'Y', '403'],
  ])('a %s user setting site %i to %s as a line: %s', async (userType, id, flag, expected) => {
    const rule = new InspectionSiteRule(store);
    await rule.remember(header(userType));
    expect(await outcome(() => rule.check(line(id, flag, userType)))).toBe(expected);
  });

  it('a site saved on its own is checked against its stored row', async () => {
    const rule = new InspectionSiteRule(store);
    const direct = (id: number, userType: string) =>
      ({
        entity: { name: 'srmSlcQualifySite' },
        values: { inspectFlag: 'Y' },
        id,
        ctx: ctx(userType),
        tx,
      }) as unknown as SaveDraft;
    expect(await outcome(() => rule.checkDirect(direct(1, 'INSIDE')))).toBe('ok');
    expect(await outcome(() => rule.checkDirect(direct(2, 'INSIDE')))).toBe('403');
    expect(await outcome(() => rule.checkDirect(direct(1, 'EX_ADMIN')))).toBe('403');
  });

  it('leaves other entities and saves without a remembered header alone', async () => {
    const rule = new InspectionSiteRule(store);
    expect(await outcome(() => rule.check(line(2, 'Y', 'EX')))).toBe('ok');
  });
});
