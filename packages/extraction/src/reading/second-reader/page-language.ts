import type { Word } from '../../document.js';
import type { ReaderLanguage } from './reader-languages.js';

/**
 * Words that business documents of each language print often and the other languages seldom:
 * titles and labels of invoices and receipts, the commonest small words, legal forms. Written
 * without accents, as the first reader (which has no ç, ã, ß…) reads them.
 */
const MARKERS: Record<ReaderLanguage, readonly string[]> = {
  en: ['invoice', 'the', 'and', 'of', 'total', 'amount', 'due', 'date', 'tax', 'bill', 'ltd'],
  de: ['rechnung', 'und', 'der', 'die', 'das', 'datum', 'betrag', 'summe', 'mwst', 'ust', 'gmbh'],
  fr: ['facture', 'le', 'la', 'les', 'du', 'des', 'tva', 'montant', 'ttc', 'sarl', 'rue', 'et'],
  nl: ['factuur', 'het', 'van', 'een', 'btw', 'totaal', 'bedrag', 'datum', 'bv', 'en', 'voor'],
  es: ['factura', 'el', 'la', 'del', 'iva', 'fecha', 'importe', 'total', 'calle', 'y', 'sl'],
  it: ['fattura', 'il', 'di', 'della', 'del', 'iva', 'data', 'totale', 'importo', 'via', 'srl'],
  pt: ['fatura', 'factura', 'do', 'da', 'de', 'iva', 'data', 'total', 'rua', 'nif', 'lda'],
};

/** A word as the markers are written: lowercase letters only, accents dropped. */
const bare = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '');

/**
 * The language a page is printed in, by the markers its words hold: the language with the most
 * distinct markers (two at least), English when none stands out. Words shared by languages ("de",
 * "total") count for each, so only the distinctive ones decide.
 */
export function pageLanguage(words: readonly Word[]): ReaderLanguage {
  const present = new Set(words.map((w) => bare(w.text)).filter(Boolean));
  let best: ReaderLanguage = 'en';
  let bestScore = 1;
  for (const [language, markers] of Object.entries(MARKERS) as [
    ReaderLanguage,
    readonly string[],
  ][]) {
    const score = markers.filter((m) => present.has(m)).length;
    if (score > bestScore || (score === bestScore && language === 'en')) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}
