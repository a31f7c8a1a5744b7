import type { FieldType } from '@parser/contracts';
import type { ValueSource } from '@parser/extraction';

import { type PrintedPages, printedOccurrences } from './locate-value.js';

/**
 * How strongly the page stands behind a value for one field or column:
 * 0 the page does not print it in any form; 1 it prints it somewhere; 2 on a line that names the
 * place (its label or an alias), or just under one; 3 right after the place's label.
 */
export type Support = 0 | 1 | 2 | 3;

export interface PageEvidence {
  support: Support;
  /** Where the best supported occurrence is printed; null when nowhere. */
  source: ValueSource | null;
}

/** The place a value is for, as the page would name it. */
export interface NamedPlace {
  type: FieldType;
  label: string;
  aliases?: readonly string[] | undefined;
}

const NOT_PRINTED: PageEvidence = { support: 0, source: null };

/**
 * The page's evidence for a value in a place. The model proposes and the page decides: the
 * strength is measured the same way for the engine's value and the model's, so neither engine's
 * word counts, only where and how the page prints each.
 */
export function pageEvidence(
  doc: PrintedPages,
  place: NamedPlace,
  value: string | number | boolean,
): PageEvidence {
  const labels = [place.label, ...(place.aliases ?? [])].map(wordsOf).filter(Boolean);
  let best = NOT_PRINTED;
  for (const occurrence of printedOccurrences(doc, place.type, value)) {
    const own = wordsOf(occurrence.lineText);
    const above = wordsOf(occurrence.lineAbove);
    const before = wordsOf(occurrence.before);
    const support: Support = labels.some((label) => endsWithWords(before, label))
      ? 3
      : labels.some((label) => hasWords(own, label) || hasWords(above, label))
        ? 2
        : 1;
    if (support > best.support) {
      best = { support, source: { page: occurrence.page, box: occurrence.box } };
    }
  }
  return best;
}

/** Lowercased words joined by single spaces: "Total (USD):" → "total usd". */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');

const hasWords = (text: string, words: string) => ` ${text} `.includes(` ${words} `);
const endsWithWords = (text: string, words: string) => text === words || text.endsWith(` ${words}`);
