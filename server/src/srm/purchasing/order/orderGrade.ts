/**
 * Orders pass the supplier grade gate (issue 17 "Grades act"): the performance domain's
 * SUPPLIER_GRADE_GATE service, looked up through DomainRegistries.services — purchasing imports its
 * contract only. A grade that prevents orders refuses the save and the submit (409); a grade that
 * warns asks the user to confirm (the GRADE_WARNING warning), and a confirmed warning is written to
 * the order's history (who, when, which grade).
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { SaveDone } from '../../../hooks/recordHooks';
import { HISTORY } from '../../../lifecycle/history';
import type { DomainServiceRegistry } from '../../../platform/domainServices';
import type { ResourceContext } from '../../../resource/context';
import { formatDateTime } from '../../../util/time';
import { GRADE_WARNING, SUPPLIER_GRADE_GATE, type GradeGateResult } from '../../performance/gradeGate/contract';
import { HEADER, type OrderSql } from './orderModel';

export class OrderGrade {
  constructor(
    private readonly o: OrderSql,
    private readonly services: DomainServiceRegistry,
  ) {}

  /** Refuses (prevent) or asks to confirm (warn) unless the request confirmed it; the grade let through on a warning. */
  check(tx: SqlExecutor, supplierId: number, ctx: ResourceContext): Promise<GradeGateResult | null> {
    return this.services.get(SUPPLIER_GRADE_GATE).checkSupplierGrade(tx, supplierId, 'PO', ctx.confirmedWarnings);
  }

  /** After the header's save (its id known): a warning the save confirmed goes to the order's history. */
  async afterSave(done: SaveDone): Promise<void> {
    if (done.entity.name !== HEADER || !done.ctx.confirmedWarnings?.includes(GRADE_WARNING)) return;
    const order = await this.header(done.tx, done.id);
    if (order?.supplierId === null || order?.supplierId === undefined) return;
    const grade = await this.services.get(SUPPLIER_GRADE_GATE).gradeGateFor(done.tx, Number(order.supplierId), 'PO');
    if (grade?.effect === 'WARN') await this.record(done.tx, done.id, order, grade, done.ctx, 'saveOrUpdate');
  }

  /** In the submit transition: the stored supplier checked again; a confirmed warning recorded. */
  async onSubmit(tx: SqlExecutor, id: number, ctx: ResourceContext): Promise<void> {
    const order = await this.header(tx, id);
    if (order?.supplierId === null || order?.supplierId === undefined) return;
    const grade = await this.check(tx, Number(order.supplierId), ctx);
    if (grade?.effect === 'WARN') await this.record(tx, id, order, grade, ctx, 'doSubmit');
  }

  private header(tx: SqlExecutor, orderHeaderId: number): Promise<Row | undefined> {
    return this.o.rows.one(tx, HEADER, ['supplierId', 'poNumber', 'status'], { orderHeaderId });
  }

  private async record(
    tx: SqlExecutor,
    id: number,
    order: Row,
    grade: GradeGateResult,
    ctx: ResourceContext,
    during: string,
  ): Promise<void> {
    const status = order.status === null || order.status === undefined ? null : String(order.status);
    const scheme = `${grade.schemeNumber} ${grade.periodName}`.trim();
    await this.o.rows.insert(
      tx,
      HISTORY,
      {
        entityName: HEADER,
        recordId: id,
        billNumber: order.poNumber === null || order.poNumber === undefined ? null : String(order.poNumber),
        billType: 'PUR_ORDER',
        action: 'confirmWarning',
        actionLabel: '确认绩效等级警告',
        actionLabelEn: 'Grade warning confirmed',
        fromState: status,
        toState: status,
        approval: 'N',
        approvalStep: null,
        comment: `${GRADE_WARNING}: ${grade.supplierName} ${grade.gradeCode} (${scheme}, ${grade.performanceNumber}) @${during}`,
        userId: ctx.userId,
        userName: null,
        actionDate: formatDateTime(),
      },
      ctx.userId,
    );
  }
}
