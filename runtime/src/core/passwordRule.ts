/**
 * The password rule (decisions, access model): at least 8 characters, 3 of upper-case, lower-case,
 * digit and symbol, not containing the user name. The server checks the same and is the judge;
 * the forms check first so that the user learns it while typing. Answers an i18n key or null.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem =
  'password.tooShort' | 'password.tooLong' | 'password.classes' | 'password.containsUserName';

export function passwordProblem(password: string, userName = ''): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password.tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password.tooLong';
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 3) return 'password.classes';
  if (userName && password.toLowerCase().includes(userName.trim().toLowerCase())) return 'password.containsUserName';
  return null;
}
