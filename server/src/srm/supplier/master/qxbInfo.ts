/**
 * qxbInfo (DOMAIN.md §1.1): the business-registration record held for a supplier's USCC. Found:
 * the record, and the answer opens its detail page (qxbInfoDetail); not held: says so plainly.
 */
import { pickText } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import type { ResourceContext } from '../../../resource/context';
import type { JsonSchema } from '@meridian/metadata';
import type { EnterpriseRegistry } from './enterpriseRegistry';
import { SUPPLIER, type MasterStore } from './masterStore';

const ID: JsonSchema = { type: 'integer', minimum: 1 };

/** A supplier (`supplierId`, or `id`) or a unified social credit code: at least one. */
export const QXB_INPUT: JsonSchema = {
  type: 'object',
  anyOf: [{ required: ['supplierId'] }, { required: ['id'] }, { required: ['unifiedSocialCreditCode'] }],
  properties: {
    supplierId: ID,
    id: ID,
    unifiedSocialCreditCode: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S' },
  },
};

export async function qxbInfo(
  kernel: Kernel,
  store: MasterStore,
  registry: EnterpriseRegistry,
  body: Record<string, unknown>,
  ctx: ResourceContext,
) {
  const supplierId = (body.supplierId ?? body.id) as number | undefined;
  let uscc = ((body.unifiedSocialCreditCode as string | undefined) ?? '').trim();
  let supplierName: string | undefined;
  if (supplierId) {
    const fields = ['unifiedSocialCreditCode', 'supplierName'];
    const supplier = await store.rows.one(kernel.db, SUPPLIER, fields, { supplierId });
    if (!supplier) throw Errors.recordNotFound();
    uscc = String(supplier.unifiedSocialCreditCode ?? '');
    supplierName = String(supplier.supplierName);
  }
  if (!uscc) throw declaredError('supplier.qxbNothingNamed');
  const record = await registry.lookup(uscc);
  if (!record)
    return {
      data: { found: false, unifiedSocialCreditCode: uscc, supplierName },
      msg: pickText(declaredText('supplier.qxbNotHeld', { uscc }), ctx.language),
    };
  return {
    data: {
      found: true,
      unifiedSocialCreditCode: uscc,
      supplierName,
      record,
      open: { path: 'qxbInfoDetail', id: record.enterpriseRegistryId },
    },
    msg: pickText(declaredText('supplier.qxbRecord', { enterpriseName: record.enterpriseName, uscc }), ctx.language),
  };
}
