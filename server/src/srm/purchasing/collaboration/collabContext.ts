/**
 * What the acknowledgement forms (承认书) and engineering queries (EQ) share (DOMAIN.md §5.8 "Other
 * purchasing records"): entity names, metadata-named SQL and platform rows, the supplier to-dos (§14
 * SRM_ACKNOWLEDGEMENT, SRM_EQ_PROMOTION) the handlers open or close through the platform's TodoService,
 * and the files a supplier adds to a record it may reach.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { attachmentIds } from '../../../files/attachmentLinks';
import { declaredError } from '../../../http/declaredErrors';
import type { ResourceContext } from '../../../resource/context';
import { PartContext } from '../partContext';

export const TEMPLATE = 'srmPurApprovalTemplate';
export const ACK = 'srmPurApprovalHeader';
export const ACK_LINE = 'srmPurApprovalLine';
export const EQ = 'srmPurEqHeader';
export const EQ_TRANSFER = 'srmPurEqTransferHistory';
export const PROMOTION = 'srmPurEqPromotion';
export const EQ_USERS = 'srmPurEqUsers';
export const RESEARCH_ENGINEER = 'RESEARCH_ENGINEER';

export const ACK_TODO = { billType: 'SRM_ACKNOWLEDGEMENT', menuCode: 'SUP_APPROVAL', link: 'approvalList' } as const;

export class Collab extends PartContext {
  /**
   * Adds one upload of the caller to a record's attachment field: the file must be the caller's own,
   * not yet linked to any record (400 otherwise); it is linked to the record so that whoever may read
   * the record may read it. Answers the field's new comma list.
   */
  async addOwnFile(
    tx: SqlExecutor,
    entity: string,
    id: number,
    field: string,
    current: unknown,
    attachmentId: unknown,
    ctx: ResourceContext,
  ): Promise<string> {
    const [fileId] = attachmentIds(attachmentId);
    if (!fileId)
      throw declaredError('purchasingOrders.attachmentRequired', {}, [
        { field: 'attachmentId', message: 'required / 必填' },
      ]);
    const { t, c } = this.sql;
    const F = 'baseFile';
    const linked = await tx.execute(
      `UPDATE ${t(F)} SET ${c(F, 'functionId')} = ?, ${c(F, 'businessId')} = ? WHERE ${c(F, 'attachmentId')} = ? ` +
        `AND ${c(F, 'uploadedBy')} = ? AND (${c(F, 'businessId')} IS NULL OR (${c(F, 'functionId')} = ? AND ${c(F, 'businessId')} = ?))`,
      [entity, id, fileId, ctx.userId, entity, id],
    );
    if (!linked.affected)
      throw declaredError('purchasingOrders.attachmentNotOwn', {}, [
        { field: 'attachmentId', message: 'unknown file' },
      ]);
    const ids = [...new Set([...attachmentIds(current), fileId])].join(',');
    await this.rows.update(
      tx,
      entity,
      { [field]: ids },
      { [this.registry.entity(entity)!.primaryKey]: id },
      ctx.userId,
    );
    return ids;
  }
}

export { supplierOf } from '../partContext';
