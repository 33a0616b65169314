import type { EntityModel, FilterNode, FilterVariables, Language } from '@meridian/metadata';

/** Who is asking and in which language: all a service needs of the request (no HTTP here). */
export interface ResourceContext {
  userId: number | null;
  language: Language;
  /** Filter variables: $user.userId, $user.supplierId, $resp.id … */
  vars: FilterVariables;
  /**
   * Row-scope values the caller may not choose (a supplier user's supplierId): forced on create,
   * never changed on update, whatever the body says.
   */
  scopeValues?: Record<string, unknown>;
  /**
   * The only fields a read may return, filter or sort on: set when the menu uses the entity only
   * as a reference picker (access/pickerFields.ts), so a picker yields value and label, not the record.
   */
  projection?: ReadonlySet<string>;
  /** The caller's read scope on any entity, for the records a save references (referenceCheck.ts). */
  scopeFor?: (target: EntityModel) => FilterNode | undefined;
  /**
   * Codes of the warnings the user confirmed for this request (the `confirmedWarnings` header,
   * comma-separated): a write that would answer Errors.warning(code) goes on when it holds the code.
   */
  confirmedWarnings?: readonly string[];
  /** The request's write journal (db/writeJournal.ts): the tables its transactions wrote. */
  journal?: Set<string>;
}

export const systemContext = (language: Language = 'CN'): ResourceContext => ({ userId: null, language, vars: {} });
