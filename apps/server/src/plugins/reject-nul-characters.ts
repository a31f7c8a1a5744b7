import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error.js';

const NUL = '\u0000';

/** A Buffer or a stream: a raw body the route reads itself, not parsed text. */
const isRawBody = (value: object): boolean =>
  ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function';

/**
 * The path of the first string (or object key) that holds a NUL character, or null. It walks
 * with a stack of its own rather than by recursion, so no depth of nesting can overflow the call
 * stack.
 */
export function findNulCharacter(value: unknown, path: string): string | null {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [current, where] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return where;
    } else if (Array.isArray(current)) {
      // Pushed last to first, so the first item is looked at first.
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push([current[index], `${where}.${index}`]);
      }
    } else if (current !== null && typeof current === 'object' && !isRawBody(current)) {
      const entries: [string, unknown][] = Object.entries(current);
      const badKey = entries.find(([key]) => key.includes(NUL));
      if (badKey) return `${where}.${badKey[0].replaceAll(NUL, '\\u0000')}`;
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        pending.push([item, `${where}.${key}`]);
      }
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
