import type { FilterVariables, Language } from '@meridian/metadata';

/** Who is asking and in which language: all a service needs of the request (no HTTP here). */
export interface ResourceContext {
  userId: number | null;
  language: Language;
  /** Filter variables: $user.userId, $user.supplierId, $resp.id … */
  vars: FilterVariables;
}

export const systemContext = (language: Language = 'CN'): ResourceContext => ({ userId: null, language, vars: {} });
