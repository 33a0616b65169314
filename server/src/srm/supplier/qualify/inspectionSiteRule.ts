import type { SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { SaveDone, SaveDraft } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import type { PlatformRows } from '../../../lifecycle/platformRows';
import type { ResourceContext } from '../../../resource/context';
import { Q_SITE as SITE } from './qualifyGateStore';

export interface StoredSite {
  inspectFlag: string;
  editFlag: string;
}

/**
 * The inspection-site rule (issue 5, DOMAIN 1.5): "participate in inspection" (inspectFlag) is
 * changed only by INSIDE users, and only on rows whose editFlag is Y.
 *
 * Line values reach hooks without their keys, so the rule runs in two steps of one save: the
 * header's beforeSave remembers the stored site rows (before the lines are written), and the
 * afterSave of each site row compares what was written with what was stored. Both run in the
 * same transaction, which is the key of the memory, so a refusal rolls the whole save back.
 */
export class InspectionSiteRule {
  private readonly stored = new WeakMap<SqlExecutor, Map<number, StoredSite>>();

  constructor(private readonly rows: Pick<PlatformRows, 'select'>) {}

  /** The stored site rows by key, where `where` holds. */
  private async sites(tx: SqlExecutor, where: Record<string, SqlParam>): Promise<Map<number, StoredSite>> {
    const rows = await this.rows.select(tx, SITE, ['qualifySiteId', 'inspectFlag', 'editFlag'], where);
    return new Map(
      rows.map((r) => [
        Number(r.qualifySiteId),
        { inspectFlag: String(r.inspectFlag ?? 'N'), editFlag: String(r.editFlag ?? 'Y') },
      ]),
    );
  }

  async remember(draft: SaveDraft): Promise<void> {
    this.stored.set(draft.tx, draft.id ? await this.sites(draft.tx, { qualifyHeaderId: draft.id }) : new Map());
  }

  /** A site row written as a line of its qualification. */
  async check(done: SaveDone): Promise<void> {
    const memory = this.stored.get(done.tx);
    if (done.entity.name !== SITE || !memory || done.values.inspectFlag === undefined) return;
    allowChange(done.ctx, memory.get(done.id), done.values.inspectFlag);
  }

  /** A site row saved on its own (srmSlcQualifySiteRestful): its stored values are read before the write. */
  async checkDirect(draft: SaveDraft): Promise<void> {
    if (draft.values.inspectFlag === undefined) return;
    const stored = draft.id ? (await this.sites(draft.tx, { qualifySiteId: draft.id })).get(draft.id) : undefined;
    allowChange(draft.ctx, stored, draft.values.inspectFlag);
  }
}

function allowChange(ctx: ResourceContext, before: StoredSite | undefined, wanted: unknown): void {
  if (String(wanted ?? 'N') === (before?.inspectFlag ?? 'N')) return;
  if (!isInside(ctx)) throw declaredError('qualify.siteByInternalOnly');
  if (before && before.editFlag !== 'Y') {
    throw declaredError('qualify.siteLocked');
  }
}

function isInside(ctx: ResourceContext): boolean {
  const userType = (ctx.vars.user as { userType?: string } | undefined)?.userType ?? '';
  return userType.startsWith('INSIDE');
}
