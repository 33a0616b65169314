import { pickText, type I18nText, type Language } from '@meridian/metadata';
import { hashPassword } from '../../../auth/passwords';
import { ApiError, type FieldErrorOut } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import type { ResourceContext } from '../../../resource/context';
import { prepareRecord } from '../../../resource/recordPreparation';
import { formatDateTime } from '../../../util/time';
import { invitationOf } from '../develop/invitations';
import { accountErrors, invalidRegistration } from './registerForm';
import type { RegisterRateLimit } from './registerRateLimit';
import { REGISTER, type RegistrationStore, type TakenField } from './registrationStore';

/** Fields of the public form that belong to the registration record (the rest are completed later, on /registerInfoEdit). */
const FORM_FIELDS = [
  'supplierName',
  'supplierNameEn',
  'unifiedSocialCreditCode',
  'supplierType',
  'contactName',
  'contactMobile',
  'contactEmail',
] as const;

/** The labels of the form's account fields, which are not fields of the registration record. */
function accountLabel(field: string): I18nText | undefined {
  if (field === 'userName') return declaredText('supplier.registerLabelUserName');
  if (field === 'password') return declaredText('supplier.registerLabelPassword');
  if (field === 'confirmPassword') return declaredText('supplier.registerLabelConfirmPassword');
  if (field === 'validateCode') return declaredText('supplier.registerLabelValidateCode');
  return undefined;
}

/** What is taken, as the conflict's sentence names it (lower case in English, within a sentence). */
function takenName(field: TakenField): I18nText {
  if (field === 'supplierName') return declaredText('supplier.registerTakenSupplierName');
  if (field === 'unifiedSocialCreditCode') return declaredText('supplier.registerTakenCreditCode');
  return declaredText('supplier.registerTakenUserName');
}

/** 409 naming everything that is taken, e.g. "公司名称、登录账号已被注册". */
export function takenConflict(fields: TakenField[], language: Language): ApiError {
  const names = {
    namesCn: fields.map((f) => takenName(f).cn).join('、'),
    namesEn: fields.map((f) => takenName(f).en).join(', '),
  };
  const message = pickText(declaredText('supplier.alreadyRegistered'), language);
  const errors = fields.map((field) => ({ field, message }));
  return fields.length > 1
    ? declaredError('supplier.registeredTakenSeveral', names, errors)
    : declaredError('supplier.registeredTaken', names, errors);
}

/**
 * doRegister (public): the visitor's form is validated like any record of srmSlcRegisterInfo
 * (required fields, credit code pattern, e-mail and mobile validators) plus the account rules
 * (login name, password complexity as for a password change, confirmation); then the captcha;
 * then, inside one transaction, the duplicate checks (under a lock of company name and credit
 * code), a disabled EX user with the argon2 hash and the registration in state ACCOUNT_SUBMITTED. Every attempt counts against the address's limit.
 */
export async function registerSupplier(
  kernel: Kernel,
  store: RegistrationStore,
  limit: RegisterRateLimit,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  ip: string,
) {
  await limit.take(ip);
  const entity = store.model(REGISTER);
  const form: Record<string, unknown> = {};
  for (const field of FORM_FIELDS)
    form[field] = typeof body[field] === 'string' ? (body[field] as string).trim() : body[field];
  const errors: FieldErrorOut[] = [];
  let record;
  try {
    record = prepareRecord(kernel.registry, entity, form, ctx);
  } catch (e) {
    if (!(e instanceof ApiError) || !e.errors) throw e;
    errors.push(...e.errors);
  }
  errors.push(...accountErrors(body, ctx.language));
  if (!errors.length && !(typeof body.validateCode === 'string' && body.validateCode.trim()))
    errors.push({ field: 'validateCode', message: pickText(declaredText('supplier.captchaRequired'), ctx.language) });
  const labelOf = (field: string) => accountLabel(field) ?? entity.field(field)?.label;
  if (errors.length || !record) throw invalidRegistration(errors, labelOf);
  if (!(await kernel.auth.captchas.check(body.validateKey, body.validateCode))) {
    const message = pickText(declaredText('supplier.captchaWrongField'), ctx.language);
    throw declaredError('supplier.captchaWrong', {}, [{ field: 'validateCode', message }]);
  }
  const userName = String(body.userName).trim();
  const passwordHash = await hashPassword(String(body.password), kernel.config.passwordCost);
  const values = record.values as Record<string, string>;
  const saved = await kernel.db
    .transaction(
      async (tx) => {
        // Each run writes a copy: a run the database rolled back leaves the record as it came.
        const draft = structuredClone(record);
        // First statement of the transaction: two registrations of one company at once meet here.
        await store.lockCompany(tx, values);
        const taken = await store.taken(tx, {
          supplierName: values.supplierName,
          unifiedSocialCreditCode: values.unifiedSocialCreditCode,
          userName,
        });
        if (taken.length) throw takenConflict(taken, ctx.language);
        const now = formatDateTime();
        // Disabled until an internal user approves the account (doApproveRegister enables it).
        const userId = await store.writer.insert(
          tx,
          store.model('baseUsers'),
          {
            userName,
            userType: 'EX_ADMIN',
            personName: values.contactName,
            email: values.contactEmail,
            mobile: values.contactMobile,
            enabledFlag: 'N',
            startDate: now.slice(0, 10),
            passwordHash,
            passwordChangedDate: now,
          },
          ctx,
        );
        draft.values.userName = userName;
        draft.values.userId = userId;
        // A registration from a development's invitation link (/register?invite=DEV…) names it: its source becomes INVITE.
        draft.values.inviteNumber = await invitationOf(tx, store, body.inviteNumber);
        const registerId = await store.writer.save(tx, entity, draft, { ...ctx, userId });
        return { registerId, userId };
      },
      // Two registrations taking the same two keys can meet in a deadlock on MariaDB (the key rows
      // are upserted: server/src/resource/invariantLocks.ts); the victim's run again meets the
      // winner's commit and answers the same 409 as the check.
      { deadlockAttempts: 3 },
    )
    .catch((e: unknown) => {
      if (e instanceof ApiError) throw e;
      // A concurrent registration of the same login name loses on the unique index: same answer as the check.
      if (/UNIQUE|Duplicate/i.test(String((e as Error).message))) throw takenConflict(['userName'], ctx.language);
      throw e;
    });
  const row = await store.reader.byId(entity, saved.registerId, ctx);
  return {
    data: {
      registerId: saved.registerId,
      registerNumber: row?.registerNumber,
      registerStatus: row?.registerStatus,
      userName,
    },
    msg: pickText(declaredText('supplier.registrationSubmitted'), ctx.language),
  };
}
