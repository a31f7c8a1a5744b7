import { z } from 'zod';

/** Machine-readable error codes. UI code branches on these, never on the message text. */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_STATE',
  /** The company does not let a person approve a document they submitted themselves. */
  'SELF_APPROVAL',
  /** Checks of the values fail: approving them needs the approver's confirmation (and maybe a note). */
  'CHECKS_NOT_CONFIRMED',
  'RATE_LIMITED',
  'UNSUPPORTED_FILE',
  'FILE_TOO_LARGE',
  'EXTRACTION_FAILED',
  /** The document engine did not finish in time for the request; retry after Retry-After. */
  'ENGINE_BUSY',
  /** The database did not answer (restarting, failing over, out of connections); retry shortly. */
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every error response body. `detail` is a list of messages for validation errors. */
export const ErrorSchema = z.object({
  detail: z.union([z.string(), z.array(z.string())]),
  code: ErrorCode,
});
export type ErrorBody = z.infer<typeof ErrorSchema>;
