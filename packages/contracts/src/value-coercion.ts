import type { ReviewValue } from './pipeline.js';
import type { FieldType } from './presets.js';

/**
 * How text is read as a value:
 * - 'typed': as a person types it into the review form, the way documents print it: thousands
 *   separators (1,234.50), a currency sign ($12), yes/no in any case; a blank input is no value.
 * - 'exact': as the API takes it: plain numbers (1234.5, as a number or in text), true/false,
 *   and a blank text of a text field kept as sent.
 * Dates are YYYY-MM-DD in both.
 */
export type ValueReading = 'typed' | 'exact';

/** What a value that does not fit its type should have been, for the caller to word. */
export type ExpectedValue = 'number' | 'amount' | 'date' | 'boolean';

export type CoercedValue =
  { ok: true; value: ReviewValue } | { ok: false; expected: ExpectedValue };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const GROUPED_NUMBER = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;
const CURRENCY_SIGN = /^[$€£¥]\s*|\s*[$€£¥]$/g;

const ok = (value: ReviewValue): CoercedValue => ({ ok: true, value });
const expected = (kind: ExpectedValue): CoercedValue => ({ ok: false, expected: kind });

/** A calendar day written as YYYY-MM-DD (2024-02-30 is not one). */
function isRealDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function numberIn(text: string, reading: ValueReading, isAmount: boolean): number | null {
  if (reading === 'exact') {
    const trimmed = text.trim();
    return PLAIN_NUMBER.test(trimmed) ? Number(trimmed) : null;
  }
  let compact = text.replace(/\s+/g, '');
  if (isAmount) compact = compact.replace(CURRENCY_SIGN, '');
  if (PLAIN_NUMBER.test(compact)) return Number(compact);
  if (GROUPED_NUMBER.test(compact)) return Number(compact.replace(/,/g, ''));
  return null;
}

function booleanIn(text: string, reading: ValueReading): boolean | null {
  // The API's booleans are JSON's words; a person may also answer yes or no.
  const word = reading === 'typed' ? text.trim().toLowerCase() : text;
  if (word === 'true' || (reading === 'typed' && word === 'yes')) return true;
  if (word === 'false' || (reading === 'typed' && word === 'no')) return false;
  return null;
}

/**
 * A value in its type's stored form: numbers and amounts as numbers, dates as YYYY-MM-DD,
 * booleans as booleans, text as text, blank as null; or what was expected when it does not fit.
 * The review form and the review API both read values with it (see ValueReading).
 */
export function coerceValue(
  value: ReviewValue,
  type: FieldType,
  reading: ValueReading,
): CoercedValue {
  if (value === null) return ok(null);
  if (typeof value === 'string' && value.trim() === '') {
    if (type !== 'string' || reading === 'typed') return ok(null);
  }
  switch (type) {
    case 'string':
      return ok(typeof value === 'string' ? value : String(value));
    case 'number':
    case 'currency': {
      if (typeof value === 'number' && Number.isFinite(value)) return ok(value);
      const number =
        typeof value === 'string' ? numberIn(value, reading, type === 'currency') : null;
      if (number !== null) return ok(number);
      return expected(type === 'currency' ? 'amount' : 'number');
    }
    case 'date':
      return typeof value === 'string' && isRealDate(value.trim())
        ? ok(value.trim())
        : expected('date');
    case 'boolean': {
      if (typeof value === 'boolean') return ok(value);
      const answer = typeof value === 'string' ? booleanIn(value, reading) : null;
      return answer === null ? expected('boolean') : ok(answer);
    }
  }
}
