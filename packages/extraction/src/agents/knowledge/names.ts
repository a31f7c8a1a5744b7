import { distance } from 'fastest-levenshtein';

import { snake } from '../roles.js';

/** Words that mean the same in column headers and field keys. */
const SYNONYMS: Record<string, string> = {
  supplier: 'vendor',
  merchant: 'vendor',
  seller: 'vendor',
  company: 'vendor',
  no: 'number',
  num: 'number',
  nr: 'number',
  id: 'number',
  vat: 'tax',
  gst: 'tax',
  tin: 'tax',
  purchase: 'po',
  order: 'po',
  qty: 'quantity',
};
const FILLER = new Set(['the', 'of', 'a', 'an', 'and']);

/** The meaningful words of a key, label or header, with synonyms folded: "VAT No." → tax number. */
export function nameTokens(text: string): string[] {
  return snake(text)
    .split('_')
    .filter((token) => token && !FILLER.has(token))
    .map((token) => SYNONYMS[token] ?? token);
}

const IDENTIFYING = new Set(['number', 'tax', 'code', 'iban', 'email', 'po', 'account', 'sku']);

/** Ids, tax numbers and codes are compared exactly; names fuzzily. */
export const isIdentifier = (tokens: readonly string[]): boolean =>
  tokens.some((token) => IDENTIFYING.has(token));

const LEGAL_SUFFIXES =
  /\b(ltd|limited|inc|incorporated|llc|llp|gmbh|ag|co|corp|corporation|plc|sa|sas|sarl|bv|nv|pty|sdn|bhd|srl|spa)\b/g;

/** A name as compared: lower case, no punctuation, no legal suffix ("ACME Supplies Ltd." → acme supplies). */
export const comparableName = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(LEGAL_SUFFIXES, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** An id as compared: upper case without spaces. */
export const comparableId = (text: string): string => text.toUpperCase().replace(/\s+/g, '');

/** 1 for the same name, falling towards 0 as more characters differ. */
export function nameSimilarity(a: string, b: string): number {
  const x = comparableName(a);
  const y = comparableName(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  return 1 - distance(x, y) / Math.max(x.length, y.length);
}

/** Close enough to be the same company despite OCR slips and abbreviations. */
export const SAME_NAME = 0.85;
