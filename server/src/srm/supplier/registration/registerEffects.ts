import { isContextDefault, pickText, type EntityModel, type I18nText } from '@meridian/metadata';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, TransitionDone } from '../../../hooks/recordHooks';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { ResourceContext } from '../../../resource/context';
import { nextDocumentNumber } from '../../../resource/documentNumber';
import type { EntityStore } from '../../../resource/entityStore';
import { formatDateTime } from '../../../util/time';
import { linkInvitedSupplier } from '../develop/invitations';
import { takenConflict } from './publicRegistration';
import { REGISTER, SUPPLIER, type RegistrationStore } from './registrationStore';

/** The responsibility a newly approved supplier account receives, when the installation has one. */
export const SUPPLIER_RESPONSIBILITY = 'SUPPLIER_RESP';

/**
 * The standard supplier responsibility, when the installation has one: an approved registration's
 * account and a portal account opened from the master get the supplier menus.
 */
export async function grantSupplierResponsibility(
  store: EntityStore,
  tx: SqlExecutor,
  ctx: ResourceContext,
  userId: number,
): Promise<void> {
  const where = { responsibilityCode: SUPPLIER_RESPONSIBILITY, userType: 'EX' };
  const resp = await store.rows.one(tx, 'baseResponsibility', ['responsibilityId'], where);
  if (!resp) return;
  await store.writer.insert(
    tx,
    store.model('baseUserResp'),
    {
      userId,
      responsibilityId: Number(resp.responsibilityId),
      startDate: formatDateTime().slice(0, 10),
      enabledFlag: 'Y',
    },
    ctx,
  );
}

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * Master entity for each registration child: same fields, FK supplierId instead of registerId. The
 * factory addresses become the supplier's locations, which an inspection plan loads (doLoadSupplierLocations).
 */
const CHILD_COPIES = [
  { from: 'credentials', to: 'srmSlcSupplierCredential' },
  { from: 'taxes', to: 'srmSlcSupplierTax' },
  { from: 'locations', to: 'srmSlcSupplierLocation' },
  { from: 'supplyAbilities', to: 'srmSlcSupplierSupplyAbility' },
];

/**
 * The effects of the registration lifecycle (DOMAIN section 1.2), inside the transition's
 * transaction, so a failure rolls the state change back too.
 */
export class RegisterEffects {
  constructor(private readonly store: RegistrationStore) {}

  register(hooks: RecordHookRegistry): void {
    hooks.registerAfterTransition(REGISTER, (done) => this.apply(done));
  }

  private async apply(done: TransitionDone): Promise<void> {
    const { tx, ctx, id } = done;
    const row = (await this.store.reader.byId(done.entity, id, ctx, undefined, tx))!;
    switch (done.action) {
      case 'doApproveRegister':
        return this.approveAccount(tx, ctx, row);
      case 'doSubmitRegisterInfo':
        return this.checkComplete(tx, ctx, row);
      case 'doApproveRegisterInfo':
        return this.approveInfo(tx, ctx, row);
    }
  }

  /** Account approved: a supplier master record (REGISTERING) is created, linked to the user, and the user enabled. */
  private async approveAccount(tx: SqlExecutor, ctx: ResourceContext, row: Row): Promise<void> {
    const taken = await this.store.taken(
      tx,
      { supplierName: str(row.supplierName) ?? '', unifiedSocialCreditCode: str(row.unifiedSocialCreditCode) ?? '' },
      Number(row.registerId),
    );
    if (taken.length) throw takenConflict(taken, ctx.language);
    const supplierId = await this.store.writer.insert(
      tx,
      this.store.model(SUPPLIER),
      {
        supplierCode: await nextDocumentNumber(tx, 'S'),
        supplierName: row.supplierName,
        supplierNameEn: row.supplierNameEn,
        supplierType: row.supplierType,
        supplierStatus: 'REGISTERING',
        unifiedSocialCreditCode: row.unifiedSocialCreditCode,
        registeredAddress: row.registeredAddress,
        email: row.contactEmail,
        sourceType: row.inviteNumber ? 'INVITE' : 'REGISTER',
        capitalCurrency: 'CNY',
        countryCode: 'CN',
        enabledFlag: 'Y',
      },
      ctx,
    );
    await this.store.setFields(tx, REGISTER, Number(row.registerId), { supplierId }, ctx);
    if (row.inviteNumber) await linkInvitedSupplier(tx, this.store, String(row.inviteNumber), supplierId, ctx);
    const userId = Number(row.userId);
    await this.store.setFields(tx, 'baseUsers', userId, { supplierId, enabledFlag: 'Y' }, ctx);
    await grantSupplierResponsibility(this.store, tx, ctx, userId);
  }

  /** Submitting needs the details an approver checks: address, bank, and a business licence. */
  private async checkComplete(tx: SqlExecutor, ctx: ResourceContext, row: Row): Promise<void> {
    const full = await this.store.reader.withChildren(this.store.model(REGISTER), { ...row }, ctx, tx);
    const missing: { field: string; message: string }[] = [];
    const need = (field: string, text: I18nText) => missing.push({ field, message: pickText(text, ctx.language) });
    if (!str(full.registeredAddress)?.trim()) need('registeredAddress', declaredText('supplier.needRegisteredAddress'));
    if (!str(full.bankName)?.trim()) need('bankName', declaredText('supplier.needBankName'));
    if (!str(full.bankAccountNumber)?.trim()) need('bankAccountNumber', declaredText('supplier.needBankAccountNumber'));
    if (!(full.credentials as Row[]).some((c) => c.credentialType === 'BUSINESS_LICENSE'))
      need('credentials', declaredText('supplier.needBusinessLicence'));
    const messages = missing.map((m) => m.message);
    if (missing.length)
      throw declaredError(
        'supplier.registrationIncomplete',
        { missingCn: messages.join('；'), missingEn: messages.join('; ') },
        missing,
      );
  }

  /** Details approved: they are copied into the supplier master and its sub-records; the supplier becomes REGISTERED. */
  private async approveInfo(tx: SqlExecutor, ctx: ResourceContext, row: Row): Promise<void> {
    // Never null here: doApproveRegisterInfo's declared check (slcRegister.json).
    const supplierId = Number(row.supplierId);
    const full = await this.store.reader.withChildren(this.store.model(REGISTER), { ...row }, ctx, tx);
    const copied = {
      supplierNameEn: row.supplierNameEn,
      supplierType: row.supplierType,
      registeredAddress: row.registeredAddress,
      email: row.contactEmail,
    };
    const values = Object.fromEntries(Object.entries(copied).map(([f, v]) => [f, str(v)]));
    await this.store.setFields(tx, SUPPLIER, supplierId, { ...values, supplierStatus: 'REGISTERED' }, ctx);
    for (const { from, to } of CHILD_COPIES) {
      const model = this.store.model(to);
      const source = this.store.model(this.store.model(REGISTER).children.find((ch) => ch.name === from)!.entity);
      for (const line of full[from] as Row[]) {
        const id = await this.store.writer.insert(tx, model, masterValues(line, source, model, supplierId), ctx);
        // The files (a licence scan) go with the line: the master's readers see them from now on
        // (files linked to a record are read by whoever may read it: server/src/files/attachmentLinks.ts).
        const from = { functionId: source.name, businessId: Number(line[source.primaryKey]) };
        await this.store.rows.update(tx, 'baseFile', { functionId: to, businessId: id }, from, ctx.userId);
      }
    }
  }
}

/**
 * A registration line as its master row: the fields both entities have, and the master's own plain
 * defaults for the rest (a location is enabled: the inspection plan loads enabled ones).
 */
function masterValues(line: Row, source: EntityModel, model: EntityModel, supplierId: number): Row {
  const values: Row = { supplierId };
  for (const field of model.fields) {
    if (field.system || field.name === model.primaryKey || field.name === 'supplierId') continue;
    if (source.field(field.name) && line[field.name] !== undefined) values[field.name] = line[field.name];
    else if (field.default !== undefined && !isContextDefault(field.default)) values[field.name] = field.default;
  }
  return values;
}
