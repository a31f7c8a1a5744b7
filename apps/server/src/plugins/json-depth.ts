import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error.js';

/**
 * How deep arrays and objects may nest in a JSON body. Real payloads (a document type with its
 * tables and columns, a review with its rows) stay under ten levels; the limit leaves room for
 * anything a client might reasonably send while refusing bodies built to exhaust the stack of
 * whatever walks them afterwards (validation, checks, serialisation).
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether the JSON text nests arrays and objects deeper than `limit`. One pass over the text
 * with a counter, before anything is parsed; brackets inside strings do not count. Malformed
 * text is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (prototype poisoning refused) behind
 * a depth check: a body nested deeper than MAX_JSON_DEPTH answers 400 before it is parsed.
 */
export const jsonDepthLimitPlugin = fp(
  (app, _options, done) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, parsed) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        parsed(
          new AppError('VALIDATION_FAILED', {
            message: `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`,
          }),
          undefined,
        );
        return;
      }
      // Fastify's own parser answers through the callback; it returns nothing to wait for.
      void parseJson(request, text, parsed);
    });
    done();
  },
  { name: 'json-depth-limit' },
);
