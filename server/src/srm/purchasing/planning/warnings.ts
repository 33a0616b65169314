/**
 * System warnings srmBaseWarning (DOMAIN.md §5.8 "Other purchasing records"; lookup SRM_WARNING_TYPE):
 * raised by the daily scan (warningJob.ts) and by a VMI stock movement at once, at most one open
 * (handledFlag N) warning per document and type; handled by an internal user with doHandle.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { caller } from '../../../home/readerContext';
import { declaredText } from '../../../http/declaredErrors';
import { recordIdInput } from '../../../platform/actionInput';
import type { ActionRegistry } from '../../../platform/actionRegistry';
import { formatDateTime } from '../../../util/time';
import { requireInternal, WARNING, type Planning } from './planningContext';

export type WarningType = 'LATE_DELIVERY' | 'PRICE_EXPIRING' | 'STOCK_BELOW_SAFETY' | 'STOCK_ABOVE_MAX';
export type WarningDocType = 'PUR_ORDER_LINE' | 'MATERIAL_PRICE' | 'VMI_STOCK';

export interface WarningText {
  type: WarningType;
  docType: WarningDocType;
  docId: number;
  docNumber: string;
  supplierId: number;
  /** What people read, in each language (srmBaseWarning.warningContent's textEn). */
  content: { cn: string; en: string };
}

/**
 * Inserts the warning unless an open one of this document and type exists; true when inserted.
 * The caller holds the lock that serialises raisers of this document (the stock row, or the
 * job's key lock), so the check under lock and the insert cannot race.
 */
export async function raiseWarning(
  p: Planning,
  tx: SqlExecutor,
  w: WarningText,
  userId: number | null,
): Promise<boolean> {
  const where = { docType: w.docType, docId: w.docId, warningType: w.type, handledFlag: 'N' };
  if (await p.rows.one(tx, WARNING, ['warningId'], where, { underLock: true })) return false;
  await p.rows.insert(
    tx,
    WARNING,
    {
      warningType: w.type,
      docType: w.docType,
      docId: w.docId,
      docNumber: w.docNumber,
      supplierId: w.supplierId,
      warningContent: w.content.cn,
      warningContentEn: w.content.en,
      warningDate: formatDateTime(),
      handledFlag: 'N',
    },
    userId,
  );
  return true;
}

/** The key that serialises raisers of one document's warnings of one type (lockKeys). */
export const warningKey = (docType: WarningDocType, docId: number, type: WarningType) =>
  `${WARNING} ${docType} ${docId} ${type}`;

const PAGES = ['srmBaseWarningList'];

/** doHandle {id, handleComment?} (INSIDE): handledFlag Y with who and when; a handled warning answers 409. */
export function registerWarningActions(p: Planning, actions: ActionRegistry): void {
  actions.register({
    area: 'srmServer',
    resource: 'srmBaseWarningRestful',
    action: 'doHandle',
    access: { pages: PAGES, resourceCode: 'btnHandle' },
    input: recordIdInput('id', { handleComment: { type: ['string', 'null'], maxLength: 500 } }),
    states: {
      entity: WARNING,
      field: 'handledFlag',
      in: ['N'],
      refusal: () => declaredText('purchasingOrders.warningHandled'),
    },
    handler: async (body, ctx, kernel, req) => {
      requireInternal(ctx);
      const id = body.id as number;
      const user = caller(req);
      const comment = (body.handleComment as string | null | undefined) ?? null;
      // The declared states read the warning in the caller's scope (404) under its lock at the start
      // of this transaction, so the update below finds it still open.
      await kernel.db.transaction((tx) =>
        p.rows.update(
          tx,
          WARNING,
          { handledFlag: 'Y', handledBy: user.userId, handledDate: formatDateTime(), handleComment: comment },
          { warningId: id, handledFlag: 'N' },
          user.userId,
        ),
      );
      const entity = kernel.registry.entity(WARNING)!;
      const scope = await kernel.auth.guard.rowScope(req.identity!, entity, true, ctx);
      const row = await kernel.resources.reader.byId(entity, id, ctx, scope);
      return { data: row };
    },
  });
}
