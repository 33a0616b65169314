/**
 * The evaluation scheme's approval effect (DOMAIN.md §2.2, lifecycle speScheme, which declares what
 * a submit needs) — one PENDING score sheet per scorer (the union of the
 * template indicators' persons), with a line per (scheme supplier × indicator the person scores),
 * and a to-do for each scorer.
 */
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { DomainStore } from '../../../platform/domainStore';
import { nextDocumentNumber } from '../../../resource/documentNumber';

export const SCHEME = 'srmSpeScheme';
export const SCHEME_SUPPLIER = 'srmSpeSchemeSupplier';
export const SHEET = 'srmSpeSchemeScore';
export const SCORE_LINE = 'srmSpeSupplierScore';
export const SHEET_MENU = 'SPE_SCHEME_SCORE';

export class SchemeSheets extends DomainStore {
  /** Handler of doApprove: the sheets, their lines and the scorers' to-dos (409 when nobody scores). */
  async createSheets(run: TransitionRun): Promise<void> {
    const schemeId = run.id;
    // (userId, indicatorsHeadId) of every person scoring an indicator of the template.
    const { t, c } = this.sql;
    const TI = 'srmSpeTemplateIndicator';
    const P = 'srmSpeIndicatorsPerson';
    const pairs = await run.tx.select(
      `SELECT p.${c(P, 'userId')} AS userId, ti.${c(TI, 'indicatorsHeadId')} AS indicatorsHeadId FROM ${t(TI)} ti ` +
        `JOIN ${t(P)} p ON p.${c(P, 'indicatorsHeadId')} = ti.${c(TI, 'indicatorsHeadId')} ` +
        `WHERE ti.${c(TI, 'templateHeadId')} = ? ORDER BY p.${c(P, 'userId')}, ti.${c(TI, 'templateIndicatorId')}`,
      [Number(run.record.templateHeadId)],
    );
    if (!pairs.length) throw declaredError('performance.noScorer');
    const order = { orderBy: ['schemeSupplierId'] };
    const suppliers = await this.rows.select(run.tx, SCHEME_SUPPLIER, ['supplierId'], { schemeId }, order);
    const byUser = new Map<number, number[]>();
    for (const p of pairs) {
      const list = byUser.get(Number(p.userId)) ?? [];
      if (!list.includes(Number(p.indicatorsHeadId))) list.push(Number(p.indicatorsHeadId));
      byUser.set(Number(p.userId), list);
    }
    for (const [userId, indicators] of byUser) {
      const sheetId = await this.insertSheet(run, userId, indicators);
      for (const s of suppliers)
        for (const indicatorsHeadId of indicators)
          await this.rows.insert(
            run.tx,
            SCORE_LINE,
            { schemeScoreId: sheetId, schemeId, supplierId: Number(s.supplierId), indicatorsHeadId, score: 0 },
            run.actor.userId,
          );
    }
  }

  private async insertSheet(run: TransitionRun, userId: number, indicators: number[]): Promise<number> {
    // The sheet's department: the scoring department of the person's first indicator that names one.
    const [dept] = await this.rows.select(
      run.tx,
      'srmSpeIndicatorsDepartment',
      ['deptId'],
      { indicatorsHeadId: indicators },
      {
        orderBy: ['indicatorsHeadId', 'indicatorsDepartmentId'],
      },
    );
    const number = await nextDocumentNumber(run.tx, 'SCS');
    const values = {
      schemeScoreNumber: number,
      schemeId: run.id,
      scorerUserId: userId,
      deptId: dept ? Number(dept.deptId) : null,
      scoreStatus: 'PENDING',
    };
    const id = Number(await this.rows.insert(run.tx, SHEET, values, run.actor.userId));
    // The scorer's to-do is on the new sheet, not on the scheme the transition moves: opened here.
    await this.todos.open(
      run.tx,
      {
        to: { userId },
        billType: 'SPE_SCHEME_SCORE',
        entityName: SHEET,
        billId: id,
        billNumber: number,
        title: declaredText('performance.scoreSheetTodoTitle', { number, schemeName: run.record.schemeName }),
        menuCode: SHEET_MENU,
        link: `srmSpeSchemeScoreEdit?id=${id}`,
      },
      run.actor.userId,
    );
    return id;
  }
}
