import type { ErrorBody } from '@parser/contracts';
import type { Socket } from 'node:net';

import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

import { databaseUnavailable, isDatabaseUnavailable } from '../db/database-unavailable.js';
import { AppError } from '../lib/app-error.js';

/** Turns every failure into `{ detail, code }` with the right status; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const error = isDatabaseUnavailable(thrown) ? databaseUnavailable(thrown) : thrown;
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      void reply.code(error.statusCode).headers(error.headers);
      return reply.send({ detail: error.message, code: error.code } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as ReadonlyArray<{ instancePath: string; message?: string }>;
      const detail = issues.map((issue) => {
        const where = [
          error.validationContext,
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        ]
          .filter(Boolean)
          .join('.');
        return `${where}: ${issue.message ?? 'is invalid'}`;
      });
      return reply.code(400).send({ detail, code: 'VALIDATION_FAILED' } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply
        .code(500)
        .send({ detail: 'Internal server error', code: 'INTERNAL' } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .code(413)
        .send({ detail: 'The request is too large', code: 'FILE_TOO_LARGE' } satisfies ErrorBody);
    }
    if (status === 415) {
      return reply
        .code(415)
        .send({ detail: error.message, code: 'UNSUPPORTED_FILE' } satisfies ErrorBody);
    }
    if (status === 429) {
      return reply
        .code(429)
        .send({ detail: 'Too many requests', code: 'RATE_LIMITED' } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a bad content type, an empty body where one is needed…
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.message;
      return reply.code(status).send({ detail, code: 'VALIDATION_FAILED' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ detail: 'Internal server error', code: 'INTERNAL' } satisfies ErrorBody);
  });
}

/**
 * Answers a request Node's HTTP parser gave up on (a body cut off before its Content-Length, a
 * malformed request line) in the same `{ detail, code }` shape as every other failure. The route
 * never sees such a request, so the error handler cannot.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
        : [400, 'Bad Request', 'The request ended early or is malformed; send it again'];
  const body = JSON.stringify({ detail, code: 'VALIDATION_FAILED' } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
