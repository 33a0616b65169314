/**
 * Credential expiry warnings (slcSupplierWarningList). A credential of an enabled supplier that is
 * not long-term and whose expireDate falls within the warning window (CREDENTIAL_WARNING_DAYS,
 * default 30 days from today; already expired ones included) raises one srmSlcSupplierWarning —
 * once per credential and expiry date: the unique key (credentialId, expireDate) decides, so two
 * runs at once, or a run after a run, never raise it twice; a renewed credential (new expiry date)
 * warns again.
 *
 * It runs as the named action `srmSlcSupplierWarningRestful/doCheckCredentialExpiry` (btnCheckExpiry on
 * the warning list's menu) and daily as the scheduled job credentialExpiryWarnings (the platform
 * scheduler, server/src/scheduler; its time in metadata/apps/srm/supplier/schedules).
 */
import { pickText, type I18nText } from '@meridian/metadata';
import { ApiError } from '../../../http/apiError';
import { declaredText } from '../../../http/declaredErrors';
import type { ActionStates, Kernel } from '../../../kernel';
import { recordIdInput } from '../../../platform/actionInput';
import type { ResourceContext } from '../../../resource/context';
import { translateDbError } from '../../../resource/dbErrors';
import { addDays, formatDateTime, today as dayOf } from '../../../util/time';
import { CREDENTIAL, SUPPLIER, WARNING, type MasterStore } from './masterStore';

export const DEFAULT_WARNING_DAYS = 30;

export function warningDays(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.CREDENTIAL_WARNING_DAYS);
  return env.CREDENTIAL_WARNING_DAYS && Number.isSafeInteger(n) && n >= 0 ? n : DEFAULT_WARNING_DAYS;
}

interface Due {
  credentialId: number;
  supplierId: number;
  supplierName: string;
  credentialType: string;
  credentialNumber: string;
  expireDate: string;
}

/** Raises the warnings due on `now`; the ids of the rows this run inserted. */
export async function raiseCredentialWarnings(
  store: MasterStore,
  ctx: ResourceContext,
  days = warningDays(),
  now = new Date(),
): Promise<number[]> {
  const { t, c } = store.sql;
  const today = dayOf(now);
  const horizon = addDays(today, days);
  const due = (await store.db.select(
    `SELECT cr.${c(CREDENTIAL, 'credentialId')} AS credentialId, cr.${c(CREDENTIAL, 'supplierId')} AS supplierId, s.${c(SUPPLIER, 'supplierName')} AS supplierName, ` +
      `cr.${c(CREDENTIAL, 'credentialType')} AS credentialType, cr.${c(CREDENTIAL, 'credentialNumber')} AS credentialNumber, cr.${c(CREDENTIAL, 'expireDate')} AS expireDate ` +
      `FROM ${t(CREDENTIAL)} cr JOIN ${t(SUPPLIER)} s ON s.${c(SUPPLIER, 'supplierId')} = cr.${c(CREDENTIAL, 'supplierId')} ` +
      `WHERE cr.${c(CREDENTIAL, 'expireDate')} IS NOT NULL AND cr.${c(CREDENTIAL, 'expireDate')} <= ? ` +
      `AND COALESCE(cr.${c(CREDENTIAL, 'longTermFlag')}, 'N') <> 'Y' AND s.${c(SUPPLIER, 'enabledFlag')} = 'Y' ` +
      `AND NOT EXISTS (SELECT 1 FROM ${t(WARNING)} w WHERE w.${c(WARNING, 'credentialId')} = cr.${c(CREDENTIAL, 'credentialId')} AND w.${c(WARNING, 'expireDate')} = cr.${c(CREDENTIAL, 'expireDate')}) ` +
      `ORDER BY cr.${c(CREDENTIAL, 'credentialId')}`,
    [horizon],
  )) as unknown as Due[];
  const model = store.model(WARNING);
  const raised: number[] = [];
  for (const row of due) {
    const expireDate = String(row.expireDate).slice(0, 10);
    const type = await typeMeaning(store, String(row.credentialType));
    const expired = expireDate < today;
    const { cn, en } = warningText(row, type, expireDate, expired);
    try {
      const id = await store.db.transaction((tx) =>
        store.writer.insert(
          tx,
          model,
          {
            warningType: 'CREDENTIAL_EXPIRY',
            supplierId: Number(row.supplierId),
            credentialId: Number(row.credentialId),
            credentialType: row.credentialType,
            credentialNumber: row.credentialNumber,
            expireDate,
            warningDate: today,
            warningContent: cn.slice(0, 500),
            warningContentEn: en.slice(0, 500),
            handledFlag: 'N',
          },
          ctx,
        ),
      );
      raised.push(id);
    } catch (e) {
      // Raised by a concurrent run meanwhile: the unique key kept it single.
      const translated = translateDbError(e);
      if (!(translated instanceof ApiError && translated.httpStatus === 409)) throw e;
    }
  }
  return raised;
}

/** The warning's content in both languages: the supplier, the credential, and when it expires or expired. */
function warningText(row: Due, type: I18nText, expireDate: string, expired: boolean): I18nText {
  const values = {
    supplierName: row.supplierName,
    typeCn: type.cn,
    typeEn: type.en,
    credentialNumber: row.credentialNumber,
    expireDate,
  };
  return expired
    ? declaredText('supplier.credentialExpiredWarning', values)
    : declaredText('supplier.credentialExpiringWarning', values);
}

async function typeMeaning(store: MasterStore, code: string): Promise<{ cn: string; en: string }> {
  const where = { lookupType: 'SLC_CREDENTIAL_TYPE', lookupCode: code };
  const row = await store.rows.one(store.db, 'baseLookupValues', ['meaning', 'meaningEn'], where);
  return row
    ? { cn: String(row.meaning ?? code), en: String(row.meaningEn ?? row.meaning ?? code) }
    : { cn: code, en: code };
}

/** doHandleWarning's body: the warning's id. */
export const WARNING_INPUT = recordIdInput('warningId');

/** A warning is handled once: a handled one answers 409 (checked again under its lock). */
export const WARNING_STATES: ActionStates = {
  entity: WARNING,
  id: 'warningId',
  field: 'handledFlag',
  in: ['N'],
  refusal: () => declaredText('supplier.warningAlreadyHandled'),
};

/** doHandleWarning: marks a warning handled; its declared states hold in the transaction (kernel.db). */
export async function handleWarning(
  kernel: Kernel,
  store: MasterStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
) {
  const id = body.warningId as number;
  const handled = { handledFlag: 'Y', handledBy: ctx.userId, handledDate: formatDateTime() };
  await kernel.db.transaction((tx) => store.setFields(tx, WARNING, id, handled, ctx));
  return { data: { warningId: id }, msg: pickText(declaredText('supplier.warningHandled'), ctx.language) };
}
