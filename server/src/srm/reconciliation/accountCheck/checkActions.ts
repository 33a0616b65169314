import type { JsonSchema } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import { declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { eitherIdInput, idFrom } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest, ActionStates, RegisteredAction } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { pagingOf } from '../../../home/readerContext';
import type { ReceiptLedger } from '../receiptLedger';
import type { Values } from './checkAmounts';
import { CHECK, CHECK_PO, CheckStore, INVOICE, LINE } from './checkStore';
import { registerSupplierStatement } from './supplierStatement';

export const RESOURCE = 'srmRcnAccountCheckRestful';
/** Every page that shows statements: the named actions answer from any of their menus, with the menu's button. */
export const CHECK_PAGES = [
  'BuyerCheckList',
  'SrmRcnAccountCheckList',
  'SrmRcnAccountCheckEdit',
  'SupplierProdCheckList',
  'SupplierNonProdCheckList',
  'SrmRcnSupplierInvoiceList',
];

/** The caller's row scope of statements to read (or to write) from the calling menu (403 when the menu does not offer it). */
export function checkScope(kernel: Kernel, req: ActionRequest, ctx: ResourceContext, write = false) {
  const entity = kernel.registry.entity(CHECK)!;
  const action = write ? 'saveOrUpdate' : 'findById';
  return kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, action, ctx);
}

/** The statement as the caller may reach it from the calling menu (row scope): 404 otherwise. */
export async function reachableCheck(kernel: Kernel, req: ActionRequest, ctx: ResourceContext, id: number) {
  const entity = kernel.registry.entity(CHECK)!;
  const row = await kernel.resources.reader.byId(entity, id, ctx, await checkScope(kernel, req, ctx));
  if (!row) throw Errors.recordNotFound();
  return { entity, row };
}

/** The statement as the caller reads it, with its children. */
export async function fullCheck(kernel: Kernel, req: ActionRequest, ctx: ResourceContext, id: number) {
  const { entity, row } = await reachableCheck(kernel, req, ctx, id);
  return { entity, check: (await kernel.resources.reader.withChildren(entity, row, ctx)) as Values };
}

export const CHECK_ID = ['accountCheckId', 'id'];
export const accountCheckIdOf = (body: Record<string, unknown>) => idFrom(body, CHECK_ID);
const PAGING: Record<string, JsonSchema> = {
  pageIndex: { type: 'integer', minimum: 1 },
  pageRows: { type: 'integer', minimum: 1, maximum: 500 },
};

/** A statement's totals and attachments change until it is completed or cancelled (the same 409s as before). */
const OPEN: ActionStates = {
  entity: CHECK,
  id: CHECK_ID,
  in: ['DRAFT', 'RELEASED', 'SUPPLIER_CONFIRMED', 'SUPPLIER_REJECTED', 'INVOICE_SUBMITTED', 'INVOICE_REJECTED'],
};

/** The named actions that answer a page of one child. */
const CHILD_PAGES = { listRcnAccountCheckLine: LINE, listRcnAccountCheckInvoice: INVOICE, listPoElecByPage: CHECK_PO };

/** Attachment ids: an array, or their comma list. */
const ATTACHMENT_IDS: JsonSchema = {
  type: ['array', 'string', 'null'],
  items: { type: 'integer', minimum: 1 },
  pattern: '^\\s*(\\d+\\s*(,\\s*\\d+\\s*)*)?$',
};

/** Registers named actions on `resource` (the statement's unless named) that answer from the statement pages, with the menu's button. */
export const checkPagesAction =
  (actions: ActionRegistry, resource = RESOURCE) =>
  (
    action: string,
    resourceCode: string | undefined,
    handler: RegisteredAction['handler'],
    typed: Pick<RegisteredAction, 'input' | 'states'> = {},
  ) =>
    actions.register({
      area: 'srmServer',
      resource,
      action,
      access: { pages: CHECK_PAGES, resourceCode },
      ...typed,
      handler,
    });

/** srmRcnAccountCheckRestful named actions (DOMAIN.md §4.1), besides the file streams and imports. */
export function registerCheckActions(actions: ActionRegistry, store: CheckStore, ledger: ReceiptLedger): void {
  const register = checkPagesAction(actions);
  const onCheck = eitherIdInput(CHECK_ID);

  // saveAccountCheck: header + lines + deductions + other fees in one transaction (the generic save with the statement's rules).
  register('saveAccountCheck', 'btnSave', async (body, ctx, kernel, req) => {
    const scope = await checkScope(kernel, req, ctx, true);
    return kernel.resources.run('saveOrUpdate', kernel.registry.entity(CHECK)!, body, ctx, scope);
  });

  // updateCheckAmountTotal {id}: the totals again from the stored lines, fees, deductions and invoices.
  register(
    'updateCheckAmountTotal',
    'btnCalculate',
    async (body, ctx, kernel, req) => {
      const id = accountCheckIdOf(body);
      await reachableCheck(kernel, req, ctx, id);
      await kernel.db.transaction((tx) => store.writeTotals(tx, id, ctx.userId));
      return { data: (await fullCheck(kernel, req, ctx, id)).check };
    },
    {
      input: onCheck,
      states: {
        ...OPEN,
        refusal: (r) =>
          r.status === 'COMPLETED'
            ? declaredText('reconciliation.completedTotalsFinal', r)
            : declaredText('reconciliation.cancelledTotalsFinal', r),
      },
    },
  );

  // updateAccountCheckAttachment {id, attachmentIds}: the attachments in any state but completed or cancelled.
  register(
    'updateAccountCheckAttachment',
    'btnUploadAttachment',
    async (body, ctx, kernel, req) => {
      const id = accountCheckIdOf(body);
      const { entity } = await reachableCheck(kernel, req, ctx, id);
      const raw = body.attachmentIds;
      const list = Array.isArray(raw) ? raw.map(String) : raw ? String(raw).split(',') : [];
      const attachmentIds = list.map((v) => v.trim()).join(',') || null;
      await kernel.db.transaction(async (tx) => {
        await store.update(tx, CHECK, 'accountCheckId', id, { attachmentIds }, ctx.userId);
        await kernel.hooks.runAfterSave({ entity, id, values: { attachmentIds }, ctx, tx });
      });
      return { data: await kernel.resources.reader.byId(entity, id, ctx) };
    },
    {
      input: eitherIdInput(CHECK_ID, { attachmentIds: ATTACHMENT_IDS }),
      states: { ...OPEN, refusal: (r) => declaredText('reconciliation.attachmentsFinal', r) },
    },
  );

  // The statement's lines, invoices and orders a page at a time: {accountCheckId, pageIndex, pageRows} → rows and page.
  for (const [action, child] of Object.entries(CHILD_PAGES))
    register(
      action,
      undefined,
      async (body, ctx, kernel, req) => {
        const id = accountCheckIdOf(body);
        await reachableCheck(kernel, req, ctx, id);
        const entity = kernel.registry.entity(child)!;
        const query = { params: { accountCheckId: id }, ...pagingOf(body, 20), orderBy: `${entity.primaryKey} asc` };
        const { rows, page } = await kernel.resources.reader.list(entity, query, ctx);
        return { data: rows, page };
      },
      { input: eitherIdInput(CHECK_ID, PAGING) },
    );

  registerSupplierStatement(actions, ledger, RESOURCE);
}
