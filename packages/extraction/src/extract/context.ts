/**
 * What extraction knows about a whole document before it looks for any field: its rows, its
 * languages (locale packs), its date order, decimal mark and currency, and the shapes every
 * strategy shares (candidates, conversion to the result).
 */
import type { Box, ExtractedValue, ReadDocument } from '../document.js';
import type { LabelPhrase } from './concepts.js';
import { DOLLAR_CURRENCIES, currencyFromCountry } from './currency-country.js';
import { layoutOf, type DocLayout, type Row, type Tok } from './layout.js';
import { localeDateOrder, localeDecimalMark, localesOf, type LocalePack } from './locales/index.js';
import {
  detectCurrency,
  detectDateOrder,
  detectDecimalMark,
  type DateOrder,
  type DecimalMark,
} from './parse.js';

export interface DocContext {
  layout: DocLayout;
  order: DateOrder;
  mark: DecimalMark;
  currency: string | null;
  /** The locale packs the document is read with (English always among them). */
  locales: readonly LocalePack[];
}

/** Countries whose documents print month first; "USA" or a US state line says so as much as "$". */
const MONTH_FIRST_HINTS = /\b(USA|U\.S\.A\.|United States)\b|\b[A-Z]{2}\s\d{5}(?:-\d{4})?\b/;

/**
 * The day/month order of the document's numeric dates: from its own unambiguous dates first, then
 * its language (every language here but English prints the day first), then its currency and
 * country (US dollars or a US address: month first), else day first as most of the world writes.
 */
function dateOrderOf(
  text: string,
  locales: readonly LocalePack[],
  currency: string | null,
): DateOrder {
  return (
    detectDateOrder(text) ??
    localeDateOrder(locales) ??
    (currency === 'USD' || (currency === null && MONTH_FIRST_HINTS.test(text)) ? 'mdy' : 'dmy')
  );
}

/**
 * The document's currency: as its symbols and codes print it, else as its country cues (bank
 * account, tax ids, country names) say; a bare "$" is the dollar or peso of the country it is from.
 */
function documentCurrency(printed: string | null, text: string): string | null {
  if (!printed) return currencyFromCountry(text);
  if (printed === 'USD' && !/\bUSD\b|\bUS\s?\$/.test(text)) {
    const country = currencyFromCountry(text);
    if (country && DOLLAR_CURRENCIES.has(country)) return country;
  }
  return printed;
}

export function contextOf(doc: ReadDocument): DocContext {
  const layout = layoutOf(doc);
  const text = layout.rows.map((r) => r.text).join('\n');
  const printed = detectCurrency(text);
  const locales = localesOf(text, printed);
  const currency = documentCurrency(printed, text);
  const counted = detectDecimalMark(text);
  // the amounts decide; a document whose amounts do not say (no cents) follows its language
  const hasCents = /\d[.,]\d{2}(?!\d)/.test(text);
  const mark = hasCents ? counted : (localeDecimalMark(locales) ?? counted);
  return { layout, order: dateOrderOf(text, locales, currency), mark, currency, locales };
}

/** Reading confidence of words: the mean OCR confidence (text-layer words are 1). */
export const avgConf = (toks: Tok[]): number =>
  toks.length ? toks.reduce((a, t) => a + t.conf, 0) / toks.length : 0;
/** Reading confidence factor: text-layer words are 1, OCR words scale the confidence down. */
/** The least sure word of a value: one misread glyph shows in its word, not in the mean of many. */
export const minConf = (toks: Tok[]): number =>
  toks.length ? Math.min(...toks.map((t) => t.conf)) : 0;
/**
 * The least sure character of a value's words, as a candidate's field; empty when the reader did not
 * give it for every word (a text layer's words are certain).
 */
export const leastGlyphOf = (toks: Tok[]): { leastGlyph?: number } => {
  const known = toks
    .map((t) => (t.conf >= 1 ? 1 : t.leastGlyph))
    .filter((g): g is number => g !== undefined);
  return toks.length && known.length === toks.length ? { leastGlyph: Math.min(...known) } : {};
};
export const ocrFactor = (toks: Tok[]): number => 0.55 + 0.45 * Math.min(1, avgConf(toks));
export const round2 = (x: number): number => Math.round(x * 100) / 100;
export const letters = (s: string): number => (s.match(/[a-z]/gi) ?? []).length;

export const NOTHING: ExtractedValue = { value: null, confidence: 0, source: null };

/** Where a label was found on a row. */
export interface LabelHit {
  row: Row;
  start: number;
  end: number;
  phrase: LabelPhrase;
  distance: number;
}

export interface Candidate {
  value: string | number | boolean;
  box: Box;
  page: number;
  confidence: number;
  /** Document order (row index) of the value. */
  order: number;
  hit?: LabelHit;
  where: 'right' | 'below' | 'fallback';
  /** Mean OCR confidence of the value's own words (1 for text layers). */
  readConf?: number;
  /** The lowest OCR confidence among the value's words (1 for text layers). */
  minReadConf?: number;
  /** The least sure character among the value's words (1 for text layers); absent when not known. */
  leastGlyph?: number;
  /** A company name carrying a legal form or business word (Ltd, GmbH, Sdn Bhd, Trading…). */
  legalForm?: boolean;
  /** The value as a second OCR reading of its words gives it, where that differs. */
  alts?: number[];
  /** What the document's arithmetic says of the value (totals, tax, line sums). */
  arithmetic?: 'agrees' | 'contradicts';
  /** The currency printed beside a money value. */
  currency?: string | null;
}

export const toValue = (c: Candidate | undefined | null): ExtractedValue =>
  c
    ? {
        value: c.value,
        confidence: Math.round(Math.max(0, Math.min(1, c.confidence)) * 1000) / 1000,
        source: { page: c.page, box: c.box.map((x) => Math.round(x * 100) / 100) as Box },
      }
    : NOTHING;
