import type { ErrorCode } from '@parser/contracts';

const DEFAULT_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_STATE: 409,
  SELF_APPROVAL: 403,
  CHECKS_NOT_CONFIRMED: 409,
  RATE_LIMITED: 429,
  UNSUPPORTED_FILE: 415,
  FILE_TOO_LARGE: 413,
  EXTRACTION_FAILED: 422,
  ENGINE_BUSY: 503,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface AppErrorOptions {
  /** The `detail` the client sees. */
  message: string;
  statusCode?: number;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** The one error type services throw; the error handler turns it into `{ detail, code }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: AppErrorOptions) {
    super(options.message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = options.statusCode ?? DEFAULT_STATUS[code];
    this.headers = options.headers ?? {};
  }
}

/** Unknown ids and ids of another tenant answer the same, so ids cannot be probed. */
export const notFound = (what: string): AppError =>
  new AppError('NOT_FOUND', { message: `${what} not found` });
