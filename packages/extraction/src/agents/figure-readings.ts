import type { ValueRef } from '@parser/contracts';

import type { Box, Word } from '../document.js';
import { CLEAR_READING } from '../extract/confidence/calibrate.js';
import { detectDecimalMark, findAmounts } from '../extract/parse.js';

import { agree, cents, numberOf } from './numbers.js';
import { isGlyphRepair, isOneDigitApart } from './ocr-confusions.js';
import type { AgentDocument, AgentPage } from './types.js';
import { cellAt } from './value-refs.js';

/** How the figure a value was read from was read: by OCR or from a digital text, and how surely. */
export interface FigureReading {
  /** True when the page was read by OCR; a digital page's text is what the document prints. */
  ocr: boolean;
  /** The least sure of the figure's words (1 on a digital page). */
  confidence: number;
  /** The figures a second reading of its words gives, where the reader made one. */
  alternatives: number[];
}

const money = (value: number) => cents(value).toFixed(2);

/** How much of a word's box lies inside a value's box: a word read for the value lies in it. */
function shareInside(word: Box, box: Box): number {
  const width = Math.min(word[2], box[2]) - Math.max(word[0], box[0]);
  const height = Math.min(word[3], box[3]) - Math.max(word[1], box[1]);
  const area = (word[2] - word[0]) * (word[3] - word[1]);
  return width <= 0 || height <= 0 || area <= 0 ? 0 : (width * height) / area;
}

/** The figures the words give with one word read as its second reading, each in turn. */
function alternativeFigures(words: readonly Word[], read: number, mark: '.' | ','): number[] {
  const out: number[] = [];
  words.forEach((word, i) => {
    for (const alternative of word.alternatives ?? []) {
      const text = words.map((w, j) => (j === i ? alternative.text : w.text)).join(' ');
      for (const amount of findAmounts(text, mark)) {
        if (amount.hasDecimals && !agree(amount.value, read) && !out.includes(amount.value))
          out.push(amount.value);
      }
    }
  });
  return out;
}

const byNumber = new WeakMap<readonly AgentPage[], Map<number, AgentPage>>();

/** A reading's pages by number (the first of a number), worked out once per reading. */
function pagesByNumber(pages: readonly AgentPage[]): Map<number, AgentPage> {
  let map = byNumber.get(pages);
  if (!map) {
    map = new Map();
    for (const page of pages) if (!map.has(page.number)) map.set(page.number, page);
    byNumber.set(pages, map);
  }
  return map;
}

/**
 * How the figure of a value read on the page was read: its page's method, the confidence of the
 * least sure of its words (the words with digits inside the value's box: a misread glyph lowers its
 * own word's confidence) and what second readings give. Null when the
 * reading's pages are not known or the value was not read on a page.
 */
export function figureReadingOf(doc: AgentDocument, ref: ValueRef): FigureReading | null {
  const cell = cellAt(doc.values, ref);
  const source = cell?.source;
  const read = numberOf(cell?.value ?? null);
  if (!doc.pages || !source || cell.origin || read === null) return null;
  const page = pagesByNumber(doc.pages).get(source.page);
  if (!page) return null;
  if (page.method !== 'ocr') return { ocr: false, confidence: 1, alternatives: [] };
  const words = page.words.filter((w) => /\d/.test(w.text) && shareInside(w.box, source.box) > 0.5);
  if (words.length === 0) return null;
  return {
    ocr: true,
    confidence: Math.min(...words.map((w) => w.confidence)),
    alternatives: alternativeFigures(words, read, detectDecimalMark(doc.text)),
  };
}

/**
 * Why a figure read as `read` may have been printed as `expected`, or null when its reading leaves
 * no room for that. A digital page's text is what the document prints. An OCR'd figure is in doubt
 * when a second reading of it differs; when `expected` is it with digits lost or added or its
 * decimal mark lost or moved, which a misread does and a misprinted amount does not; or when the
 * two differ in one digit and its word was read less surely than a clear reading. A figure read
 * clearly that differs in one digit is taken as printed.
 */
export function misreadingOf(
  reading: FigureReading | null,
  read: number,
  expected: number,
): string | null {
  if (!reading?.ocr) return null;
  if (reading.alternatives.length > 0)
    return `a second reading of it gives ${reading.alternatives.map(money).join(' or ')}`;
  const oneDigit = isOneDigitApart(read, expected);
  if (!oneDigit && isGlyphRepair(read, expected))
    return `${money(read)} is ${money(expected)} with digits or its decimal mark lost or misplaced, as a misread glyph leaves it`;
  if (oneDigit && reading.confidence < CLEAR_READING)
    return `${money(read)} is one digit from ${money(expected)}, and it was read unsurely (${Math.round(reading.confidence * 100)}%)`;
  return null;
}
