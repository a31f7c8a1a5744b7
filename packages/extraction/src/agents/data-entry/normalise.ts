import type { FieldType } from '@parser/contracts';

import {
  detectCurrencyIn,
  detectDateOrder,
  fixOcrDigits,
  parseBoolean,
  parseDate,
  type DateOrder,
} from '../../extract/parse.js';
import { numberOf } from '../numbers.js';
import { looksLikeMisreadNumber, repairLetterDigits } from '../ocr-confusions.js';
import type { AgentSettings, AgentValue } from '../types.js';

/** How to read the document's numeric dates, and why. */
export interface DateReading {
  order: DateOrder;
  because: string;
}

/** The document's own day/month order when its dates tell, else the company's usual one. */
export function dateReadingOf(text: string, settings: AgentSettings): DateReading {
  const printed = detectDateOrder(text);
  if (printed) {
    return {
      order: printed,
      because:
        printed === 'dmy'
          ? 'the document writes day before month'
          : 'the document writes month before day',
    };
  }
  if (settings.usualDateOrder === 'month_first') {
    return { order: 'mdy', because: "the company's usual date order is month first" };
  }
  if (settings.usualDateOrder === 'day_first') {
    return { order: 'dmy', because: "the company's usual date order is day first" };
  }
  return { order: 'dmy', because: 'day before month unless the document says otherwise' };
}

export interface Normalised {
  value: AgentValue;
  currency?: string;
  reason: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A value in its type's plain form, or null when it already is (or cannot be read, which the
 * reconciliation reports). Numbers with letters OCR confuses for digits are read as the digits.
 */
export function normaliseValue(
  type: FieldType,
  value: AgentValue,
  dates: DateReading,
): Normalised | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  switch (type) {
    case 'string': {
      const tidy = value.replace(/\s+/g, ' ').trim();
      return tidy === value ? null : { value: tidy, reason: 'Extra whitespace removed' };
    }
    case 'number':
    case 'currency': {
      if (text === '') return { value: null, reason: 'Blank amount cleared' };
      const misread = looksLikeMisreadNumber(text);
      const amount = numberOf(misread ? repairLetterDigits(text) : text);
      if (amount === null) return null;
      const currency = type === 'currency' ? (detectCurrencyIn(text) ?? undefined) : undefined;
      return {
        value: amount,
        ...(currency ? { currency } : {}),
        reason: misread
          ? `OCR letters read as digits ("${text}" → ${amount})`
          : `Written as a plain decimal${currency ? ` with the currency ${currency} kept` : ''}`,
      };
    }
    case 'date': {
      if (ISO_DATE.test(text)) return null;
      const iso = parseDate(fixOcrDigits(text), dates.order);
      if (!iso) return null;
      return { value: iso, reason: `Date written as YYYY-MM-DD (${dates.because})` };
    }
    case 'boolean': {
      const flag = parseBoolean(text);
      return flag === null ? null : { value: flag, reason: `"${text}" read as ${String(flag)}` };
    }
  }
}
