import type { FastifyRequest } from 'fastify';

import { AppError } from '../../lib/app-error.js';

/** One uploaded file and the text parts sent with it. */
export interface MultipartUpload {
  file: { fileName: string; bytes: Buffer } | null;
  fields: Record<string, string>;
}

/** "50 MB", "0.5 MB": the limit as people read it. */
export const megabytes = (bytes: number) =>
  `${Number((bytes / (1024 * 1024)).toFixed(2)).toString()} MB`;

/**
 * Reads a multipart request: the part named `file` into memory (at most `maxBytes`) and every text
 * part. Parts may come in any order. Limits and malformed bodies answer in the `{detail, code}`
 * shape with a message a person can act on.
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Send the file as multipart/form-data in a part named "file"',
    });
  }
  const upload: MultipartUpload = { file: null, fields: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        if (part.valueTruncated) {
          throw new AppError('VALIDATION_FAILED', { message: `"${part.fieldname}" is too long` });
        }
        if (typeof part.value === 'string') {
          assertNoNulCharacter(part.value, part.fieldname);
          upload.fields[part.fieldname] = part.value;
        }
      } else if (part.fieldname === 'file' && !upload.file) {
        assertNoNulCharacter(part.filename, 'file name');
        upload.file = { fileName: part.filename, bytes: await part.toBuffer() };
      } else {
        // Only one document per request: drain anything else so the request can complete.
        part.file.resume();
      }
    }
  } catch (error) {
    throw translateMultipartError(error, maxBytes);
  }
  return upload;
}

/** Multipart text skips the JSON body check; PostgreSQL cannot store NUL in text either. */
function assertNoNulCharacter(value: string, what: string): void {
  if (value.includes('\u0000')) {
    throw new AppError('VALIDATION_FAILED', {
      message: `"${what}" must not contain the NUL character (\\u0000)`,
    });
  }
}

/**
 * Errors of a body that ended early: the client closed the connection, or the stream ended
 * before the closing boundary. The file was only in memory, so nothing is left behind.
 */
const CUT_OFF_CODES = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ECONNRESET',
  'FST_ERR_CTP_EMPTY_BODY',
]);
const isCutOff = (error: unknown, code: unknown) =>
  (typeof code === 'string' && CUT_OFF_CODES.has(code)) ||
  (error instanceof Error &&
    /premature close|unexpected end of (form|multipart)|aborted/i.test(error.message));

function translateMultipartError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('FILE_TOO_LARGE', {
      message: `File is larger than the ${megabytes(maxBytes)} limit`,
    });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('VALIDATION_FAILED', {
      message: 'Send one file with at most a few text parts',
    });
  }
  if (isCutOff(error, code)) {
    return new AppError('VALIDATION_FAILED', {
      message: 'The upload ended before the whole body arrived; send the file again',
    });
  }
  const malformed =
    code === 'FST_PROTO_VIOLATION' ||
    code === 'FST_INVALID_JSON_FIELD_ERROR' ||
    (error instanceof Error && /multipart|boundary|Part terminated/i.test(error.message));
  return malformed
    ? new AppError('VALIDATION_FAILED', { message: 'The multipart body is malformed' })
    : error;
}
