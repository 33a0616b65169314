/** A failed call: a non-2xx HTTP status or an envelope with status E. */
export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly msg: string;
  readonly errors: FieldError[];
  readonly code: string;
  /** The envelope's data on failure, e.g. {captchaRequired, locked} of a refused login. */
  readonly data: unknown;

  constructor(init: { httpStatus: number; msg: string; errors?: FieldError[]; code?: string; data?: unknown }) {
    super(init.msg);
    this.name = 'ApiError';
    this.httpStatus = init.httpStatus;
    this.msg = init.msg;
    this.errors = init.errors ?? [];
    this.code = init.code ?? 'E';
    this.data = init.data ?? null;
  }

  /** Stale versionNum or an illegal lifecycle transition (docs/architecture.md "Envelope and HTTP statuses"); not a warning to confirm. */
  get isConflict(): boolean {
    return this.httpStatus === 409 && this.warningCode === null;
  }

  /**
   * The code of a warning the user may confirm (409 with data {warningCode}, e.g. GRADE_WARNING):
   * the same request sent again with the code in the confirmedWarnings header goes through (core/warnings.ts).
   */
  get warningCode(): string | null {
    const code = (this.data as { warningCode?: unknown } | null)?.warningCode;
    return this.httpStatus === 409 && typeof code === 'string' && code ? code : null;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
