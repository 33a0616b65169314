/**
 * What the acknowledgement forms (承认书) and engineering queries (EQ) share (DOMAIN.md §5.8 "Other
 * purchasing records"): entity names, metadata-named SQL and platform rows, supplier to-dos (§14
 * SRM_ACKNOWLEDGEMENT, SRM_EQ_PROMOTION) and the files a supplier adds to a record it may reach.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { MetaSql } from '../../../access/metaSql';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import { attachmentIds } from '../../../files/attachmentLinks';
import { Errors } from '../../../http/apiError';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { ResourceContext } from '../../../resource/context';
import { formatDateTime } from '../../../util/time';

export const TEMPLATE = 'srmPurApprovalTemplate';
export const ACK = 'srmPurApprovalHeader';
export const ACK_LINE = 'srmPurApprovalLine';
export const EQ = 'srmPurEqHeader';
export const EQ_TRANSFER = 'srmPurEqTransferHistory';
export const PROMOTION = 'srmPurEqPromotion';
export const EQ_USERS = 'srmPurEqUsers';
export const RESEARCH_ENGINEER = 'RESEARCH_ENGINEER';

export const ACK_TODO = { billType: 'SRM_ACKNOWLEDGEMENT', menuCode: 'SUP_APPROVAL', link: 'approvalList' } as const;
export const PROMOTION_TODO = {
  billType: 'SRM_EQ_PROMOTION',
  menuCode: 'SUP_EQ_PROMOTION_EDIT',
  link: 'eqPromotion/SrmPurEqPromotionEdit',
} as const;

export interface SupplierTodo {
  billType: string;
  menuCode: string;
  entityName: string;
  billId: number;
  billNumber: string;
  billLink: string;
  supplierId: number;
  title: { cn: string; en: string };
}

export class Collab {
  readonly rows: PlatformRows;
  readonly sql: MetaSql;

  constructor(
    readonly registry: MetadataRegistry,
    readonly db: Database,
  ) {
    this.rows = new PlatformRows(registry, db.dialect);
    this.sql = this.rows.sql;
  }

  async raiseSupplierTodo(tx: SqlExecutor, todo: SupplierTodo, userId: number | null): Promise<void> {
    await this.rows.insert(
      tx,
      'baseSupplierTodo',
      {
        pendingTitle: todo.title.cn,
        pendingTitleEn: todo.title.en,
        billType: todo.billType,
        entityName: todo.entityName,
        billId: todo.billId,
        billNumber: todo.billNumber,
        supplierId: todo.supplierId,
        menuCode: todo.menuCode,
        menuName: await this.rows.menuName(tx, todo.menuCode),
        billLink: todo.billLink,
        handleFlag: 'N',
        cancelFlag: 'N',
      },
      userId,
    );
  }

  /** Marks the open to-dos of one record handled; `supplierId` narrows them to one supplier's. */
  async handleSupplierTodos(
    tx: SqlExecutor,
    where: { entityName: string; billId: number; billType: string; supplierId?: number },
    userId: number | null,
  ): Promise<void> {
    await this.rows.update(
      tx,
      'baseSupplierTodo',
      { handleFlag: 'Y', handleUserId: userId, handleDate: formatDateTime() },
      { ...where, handleFlag: 'N', cancelFlag: 'N' },
      userId,
    );
  }

  /** Marks the open to-dos of one record cancelled: the work went away (the record was closed or withdrawn), nobody did it. */
  async cancelSupplierTodos(
    tx: SqlExecutor,
    where: { entityName: string; billId: number; billType: string },
    userId: number | null,
  ): Promise<void> {
    await this.rows.update(
      tx,
      'baseSupplierTodo',
      { cancelFlag: 'Y', handleDate: formatDateTime() },
      { ...where, handleFlag: 'N', cancelFlag: 'N' },
      userId,
    );
  }

  /** A business notification to every enabled user of a supplier (what changed and why, in both languages). */
  async notifySupplierUsers(
    tx: SqlExecutor,
    supplierId: number,
    note: {
      title: { cn: string; en: string };
      content: { cn: string; en: string };
      source: { billType: string; entityName: string; billId: number };
    },
    userId: number | null,
  ): Promise<void> {
    const { t, c } = this.sql;
    const users = await tx.select(
      `SELECT ${c('baseUsers', 'userId')} AS id FROM ${t('baseUsers')} WHERE ${c('baseUsers', 'supplierId')} = ? AND ${c('baseUsers', 'enabledFlag')} = 'Y'`,
      [supplierId],
    );
    for (const user of users)
      await this.rows.insert(
        tx,
        'baseNotification',
        {
          notificationTitle: note.title.cn,
          notificationTitleEn: note.title.en,
          notificationContent: note.content.cn,
          notificationContentEn: note.content.en,
          notificationType: 'BUSINESS',
          recipientUserId: Number(user.id),
          sourceBillType: note.source.billType,
          sourceEntityName: note.source.entityName,
          sourceBillId: note.source.billId,
          viewFlag: 'N',
          sendDate: formatDateTime(),
        },
        userId,
      );
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
      throw Errors.badRequest('请上传文件', 'attachmentId is required', [
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
      throw Errors.badRequest('附件不存在或不是您上传的', 'The attachment does not exist or was not uploaded by you', [
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

export const supplierOf = (ctx: ResourceContext): number | undefined => {
  const v = (ctx.vars.user as { supplierId?: unknown } | undefined)?.supplierId;
  return v === undefined || v === null ? undefined : Number(v);
};
