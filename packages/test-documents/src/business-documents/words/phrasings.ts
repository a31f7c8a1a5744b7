/** Writing phrasings compactly: one string per language, alternatives separated by "|". */
import { LANGUAGES } from '../../corpus/languages.js';
import type { Phrasings } from '../model.js';

type Written = Record<(typeof LANGUAGES)[number], string>;

/** Every list written with `words`, so the split can be checked across all of them at once. */
export const ALL_PHRASINGS: Phrasings[] = [];

/** `words({ en: 'Order No.|PO Number', de: 'Bestellnummer|Bestell-Nr.', … })` */
export function words(written: Written): Phrasings {
  const entries = LANGUAGES.map((language) => [
    language,
    written[language]
      .split('|')
      .map((phrase) => phrase.trim())
      .filter(Boolean),
  ]);
  const phrasings = Object.fromEntries(entries) as Phrasings;
  ALL_PHRASINGS.push(phrasings);
  return phrasings;
}

/** The same phrasings in every language (names of things that are not translated: IBAN, SWIFT). */
export const everywhere = (written: string): Phrasings =>
  words(Object.fromEntries(LANGUAGES.map((l) => [l, written])) as Written);
