import { pickText, type I18nText, type Language } from '@meridian/metadata';
import { passwordProblem } from '../../../auth/passwords';
import type { FieldErrorOut } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';

/**
 * Login names a visitor may choose: a letter first, then letters, digits, "_", "." or "-", 4–50
 * characters (base_users.user_name is 50 wide). No "@": a login name is not an e-mail address.
 */
export const LOGIN_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{3,49}$/;

/** The account part of the public registration form: login name, password and its confirmation. */
export function accountErrors(body: Record<string, unknown>, language: Language): FieldErrorOut[] {
  const errors: FieldErrorOut[] = [];
  const add = (field: string, message: I18nText) => errors.push({ field, message: pickText(message, language) });
  const userName = typeof body.userName === 'string' ? body.userName.trim() : '';
  if (!userName) add('userName', declaredText('supplier.loginNameRequired'));
  else if (!LOGIN_NAME_PATTERN.test(userName)) add('userName', declaredText('supplier.loginNamePattern'));
  const password = body.password;
  const problem = passwordProblem(password, userName);
  if (problem) add('password', problem);
  if (typeof password === 'string' && body.confirmPassword !== password)
    add('confirmPassword', declaredText('supplier.passwordsDiffer'));
  return errors;
}

/** "字段：问题；…" — a 400 refusal that names every field at fault, so a client without field mapping still says what is wrong. */
export function invalidRegistration(errors: FieldErrorOut[], labelOf: (field: string) => I18nText | undefined) {
  const part = (lang: 'cn' | 'en') =>
    errors
      .map((e) => `${labelOf(e.field)?.[lang] ?? e.field}${lang === 'cn' ? '：' : ': '}${e.message}`)
      .join(lang === 'cn' ? '；' : '; ');
  return declaredError('supplier.registrationInvalid', { faultsCn: part('cn'), faultsEn: part('en') }, errors);
}
