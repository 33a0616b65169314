/**
 * The score sheet's save rule (beforeSave of srmSpeSchemeScore): only the sheet's scorer saves an
 * existing sheet (403); a PENDING sheet moves to SCORING with its first save; each line gets the
 * sheet's schemeId, a score within its indicator's full score (400) and weightedScore = score ×
 * the template weight of its indicator (computed here, never taken from the body).
 */
import type { SaveDraft } from '../../../hooks/recordHooks';
import type { DomainRegistries } from '../../../platform/domainModules';
import { DomainStore } from '../../../platform/domainStore';
import { declaredError } from '../../../http/declaredErrors';
import { compareDecimals, toDecimal } from '../../../util/decimal';
import { weighted } from '../scheme/scoreMath';

const SHEET = 'srmSpeSchemeScore';
const SCHEME = 'srmSpeScheme';
const TI = 'srmSpeTemplateIndicator';
const IH = 'srmSpeIndicatorsHead';

class SheetSave extends DomainStore {
  async beforeSave(draft: SaveDraft): Promise<void> {
    const { t, c } = this.sql;
    let schemeId = draft.values.schemeId;
    if (!draft.creating && draft.id !== undefined) {
      const fields = ['scorerUserId', 'scoreStatus', 'schemeId'];
      const stored = await this.rows.one(draft.tx, SHEET, fields, { schemeScoreId: draft.id });
      if (stored && Number(stored.scorerUserId) !== draft.ctx.userId) throw declaredError('performance.notTheScorer');
      if (stored?.scoreStatus === 'PENDING') draft.values.scoreStatus = 'SCORING';
      schemeId = schemeId ?? stored?.schemeId;
    }
    const lines = draft.children.supplierScores;
    if (!lines?.length || schemeId === undefined || schemeId === null) return;
    const indicators = await draft.tx.select(
      `SELECT ti.${c(TI, 'indicatorsHeadId')} AS id, ti.${c(TI, 'weight')} AS weight, h.${c(IH, 'fullScore')} AS fullScore FROM ${t(SCHEME)} s ` +
        `JOIN ${t(TI)} ti ON ti.${c(TI, 'templateHeadId')} = s.${c(SCHEME, 'templateHeadId')} ` +
        `JOIN ${t(IH)} h ON h.${c(IH, 'indicatorsHeadId')} = ti.${c(TI, 'indicatorsHeadId')} WHERE s.${c(SCHEME, 'schemeId')} = ?`,
      [Number(schemeId)],
    );
    for (const line of lines) {
      line.schemeId = Number(schemeId);
      const ind = indicators.find((i) => Number(i.id) === Number(line.indicatorsHeadId));
      const full = toDecimal(ind?.fullScore);
      const score = toDecimal(line.score);
      if (full && score && compareDecimals(score, full) > 0)
        throw declaredError('performance.scoreAboveFull', { fullScore: ind!.fullScore }, [
          { field: 'score', message: 'above fullScore' },
        ]);
      line.weightedScore = ind ? weighted(line.score, ind.weight) : null;
    }
  }
}

/**
 * Score sheets (DOMAIN 2.2, lifecycle speSchemeScore): the submit rule (at least one supplier
 * score), the scorer's to-do handled, the approver's comment on the sheet and the scheme's
 * calculation once its last sheet is approved (the scheme's doCalculate, run when its sheets
 * check holds: speScheme.json) are declared; the sheet's save rule is SheetSave above.
 */
export function registerSchemeScore({ handlers, hooks, registry, db }: DomainRegistries): void {
  // Every transition of a sheet first locks its scheme: of the last two sheets approved at once,
  // the second's calculation check sees the first, and the scheme is calculated once
  // (docs/developer-guide.md, "Invariants under concurrency").
  handlers.registerOwner(SHEET, 'schemeId');
  const save = new SheetSave(registry, db.dialect);
  hooks.registerBeforeSave(SHEET, (draft) => save.beforeSave(draft));
}
