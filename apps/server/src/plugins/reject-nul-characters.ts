import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error.js';

const NUL = '\u0000';

/** A Buffer or a stream: a raw body the route reads itself, not parsed text. */
const isRawBody = (value: object): boolean =>
  ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function';

/** The path of the first string (or object key) that holds a NUL character, or null. */
export function findNulCharacter(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, `${path}.${index}`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !isRawBody(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return `${path}.${key.replaceAll(NUL, '\\u0000')}`;
      const found = findNulCharacter(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses a NUL character anywhere in a request's parameters, query or JSON body with 400.
 * PostgreSQL cannot store NUL in text or jsonb and fails the whole statement, so one check here,
 * before any route's validation, covers every route (signed in or not) instead of each column.
 */
export const rejectNulCharactersPlugin = fp(
  (app, _options, done) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      const parts: [string, unknown][] = [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ];
      for (const [where, value] of parts) {
        const path = findNulCharacter(value, where);
        if (path) {
          throw new AppError('VALIDATION_FAILED', {
            message: `${path}: must not contain the NUL character (\\u0000)`,
          });
        }
      }
    });
    done();
  },
  { name: 'reject-nul-characters' },
);
