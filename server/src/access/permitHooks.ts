import { pickText } from '@meridian/metadata';
import type { RecordHookRegistry, SaveDraft } from '../hooks/recordHooks';
import { Errors } from '../http/apiError';

/** The permit entities and the field an "all" permit leaves empty. */
export const PERMIT_TARGETS = { baseUserOrgPermit: 'orgId', baseUserCategoryPermit: 'categoryId' } as const;

/**
 * A permit is either "all" (allFlag Y, no target) or one organisation / category (allFlag N, target
 * required); metadata cannot say "required unless", so this hook does (docs/decisions.md, "Issue 13:
 * internal permits"). On an update the stored row fills in what the body leaves out.
 */
async function checkPermit(draft: SaveDraft, target: string): Promise<void> {
  const { entity, values, creating, id, tx, ctx } = draft;
  if (!creating && values.allFlag === undefined && values[target] === undefined) return;
  let stored: Record<string, unknown> = {};
  if (!creating && id != null) {
    const q = tx.dialect.quote;
    const column = (name: string) => q(entity.field(name)!.column);
    const rows = await tx.select(
      `SELECT ${column('allFlag')} AS allFlag, ${column(target)} AS target FROM ${q(entity.table)} WHERE ${column(entity.primaryKey)} = ?`,
      [id],
    );
    stored = { allFlag: rows[0]?.allFlag, [target]: rows[0]?.target };
  }
  const all = (values.allFlag ?? stored.allFlag) === 'Y';
  if (all) {
    values[target] = null;
    return;
  }
  const value = values[target] !== undefined ? values[target] : stored[target];
  if (value == null || value === '') {
    const label = entity.field(target)!.label;
    const message = pickText(
      { cn: `请选择${label.cn}，或勾选全部`, en: `Choose the ${label.en.toLowerCase()}, or make the permit for all` },
      ctx.language,
    );
    throw Errors.validation([{ field: target, message }]);
  }
}

export function registerPermitHooks(hooks: RecordHookRegistry): void {
  for (const [entity, target] of Object.entries(PERMIT_TARGETS)) {
    hooks.registerBeforeSave(entity, (draft) => checkPermit(draft, target));
  }
}
