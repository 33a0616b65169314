/**
 * The score sheet's save rule (beforeSave of srmSpeSchemeScore): only the sheet's scorer saves an
 * existing sheet (403); a PENDING sheet moves to SCORING with its first save; each line gets the
 * sheet's schemeId, a score within its indicator's full score (400) and weightedScore = score ×
 * the template weight of its indicator (computed here, never taken from the body).
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Database } from '../../../db/sqlExecutor';
import type { SaveDraft } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import { compareDecimals, toDecimal } from '../../../util/decimal';
import { weighted } from '../scheme/scoreMath';

const SHEET = 'srmSpeSchemeScore';
const SCHEME = 'srmSpeScheme';
const TI = 'srmSpeTemplateIndicator';
const IH = 'srmSpeIndicatorsHead';

export class SheetSave {
  private readonly sql: MetaSql;

  constructor(registry: MetadataRegistry, db: Database) {
    this.sql = new MetaSql(registry, db.dialect);
  }

  async beforeSave(draft: SaveDraft): Promise<void> {
    const { t, c } = this.sql;
    let schemeId = draft.values.schemeId;
    if (!draft.creating && draft.id !== undefined) {
      const [stored] = await draft.tx.select(
        `SELECT ${c(SHEET, 'scorerUserId')} AS scorer, ${c(SHEET, 'scoreStatus')} AS status, ${c(SHEET, 'schemeId')} AS schemeId ` +
          `FROM ${t(SHEET)} WHERE ${c(SHEET, 'schemeScoreId')} = ?`,
        [draft.id],
      );
      if (stored && Number(stored.scorer) !== draft.ctx.userId) throw declaredError('performance.notTheScorer');
      if (stored?.status === 'PENDING') draft.values.scoreStatus = 'SCORING';
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
