import type { I18nText } from '@meridian/metadata';

export interface FieldErrorOut {
  field: string;
  message: string;
}

/**
 * An error with a real HTTP status and a message in both languages; the exception filter turns it
 * into the envelope in the request's language. Services throw these and never know about HTTP.
 */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly text: I18nText,
    readonly errors?: FieldErrorOut[],
    /** Returned as the envelope's data, e.g. {captchaRequired: true} on a failed login. */
    readonly details?: unknown,
  ) {
    super(text.en);
    this.name = 'ApiError';
  }
}

const t = (cn: string, en: string): I18nText => ({ cn, en });

export const Errors = {
  badRequest: (cn: string, en: string, errors?: FieldErrorOut[]) => new ApiError(400, t(cn, en), errors),
  validation: (errors: FieldErrorOut[]) => new ApiError(400, t('数据校验未通过', 'The data is not valid'), errors),
  unauthorized: (cn: string, en: string) => new ApiError(401, t(cn, en)),
  forbidden: (cn: string, en: string) => new ApiError(403, t(cn, en)),
  notFound: (cn: string, en: string) => new ApiError(404, t(cn, en)),
  recordNotFound: () => new ApiError(404, t('记录不存在或已被删除', 'The record does not exist or was deleted')),
  staleVersion: () =>
    new ApiError(
      409,
      t('该记录已被他人修改，请刷新后重试', 'This record was changed by someone else. Reload it and try again.'),
    ),
  conflict: (cn: string, en: string) => new ApiError(409, t(cn, en)),
  tooLarge: () => new ApiError(413, t('请求内容过大', 'The request is too large')),
  /**
   * A warning the user must confirm (docs/developer-guide.md "Warnings the user confirms"): 409 with
   * data {warningCode}; the same request sent again with the code in the `confirmedWarnings` header
   * goes through. The runtime asks "Continue anyway?" and re-sends on OK.
   */
  warning: (code: string, cn: string, en: string) => new ApiError(409, t(cn, en), undefined, { warningCode: code }),
};

/** Whether the request confirmed the warning `code` (ResourceContext.confirmedWarnings). */
export const warningConfirmed = (confirmed: readonly string[] | undefined, code: string): boolean =>
  !!confirmed?.includes(code);
