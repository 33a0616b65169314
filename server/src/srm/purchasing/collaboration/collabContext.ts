/**
 * What the acknowledgement forms (承认书) and engineering queries (EQ) share (DOMAIN.md §5.8 "Other
 * purchasing records"): entity names, metadata-named SQL and platform rows, and the files a
 * supplier adds to a record of its own (their to-dos are declared effects of the lifecycles).
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { attachmentIds } from '../../../files/attachmentLinks';
import { Errors, type ApiError } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import type { ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { PartContext, supplierOf } from '../partContext';

export const ACK = 'srmPurApprovalHeader';
export const ACK_LINE = 'srmPurApprovalLine';
export const EQ = 'srmPurEqHeader';
export const EQ_TRANSFER = 'srmPurEqTransferHistory';
export const PROMOTION = 'srmPurEqPromotion';
export const EQ_USERS = 'srmPurEqUsers';
export const RESEARCH_ENGINEER = 'RESEARCH_ENGINEER';

/** A file a supplier adds to its own record's attachment field (addSupplierFile). */
export interface SupplierFile {
  entity: string;
  id: number;
  field: string;
  attachmentId: unknown;
  /** The refusal when the caller is not the record's supplier. */
  notSupplier: () => ApiError;
  /** Further rules on the record as read under its lock. */
  check?: (row: Row) => void;
}

export class Collab extends PartContext {
  /**
   * addOwnFile on a record the caller's supplier owns, read locked in the caller's scope (404
   * otherwise) inside one transaction; answers the record as the caller then reads it.
   */
  async addSupplierFile(kernel: Kernel, req: ActionRequest, ctx: ResourceContext, file: SupplierFile) {
    const model = kernel.registry.entity(file.entity)!;
    const scope = await kernel.auth.guard.rowScope(req.identity!, model, false, ctx);
    await kernel.db.transaction(async (tx) => {
      const row = await kernel.resources.reader.byId(model, file.id, ctx, scope, tx, true);
      if (!row) throw Errors.recordNotFound();
      if (supplierOf(ctx) !== Number(row.supplierId)) throw file.notSupplier();
      file.check?.(row);
      await this.addOwnFile(tx, file.entity, file.id, file.field, row[file.field], file.attachmentId, ctx);
    });
    return { data: await kernel.resources.findById(model, file.id, ctx, scope) };
  }

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
