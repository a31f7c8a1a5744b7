/**
 * Lines made of field labels or column headers ("Invoice Date  Payment Due  Purchase Order",
 * "Qty  U.Price  Amt"): a header row, nobody's name.
 */
import { ALL_PHRASES } from '../concepts.js';
import { matchPhrase, type Tok } from '../layout.js';
import { ALL_COLUMN_PHRASES } from '../tables/column-words.js';

const LABELS = [
  ...ALL_PHRASES.filter((p) => p.concept !== null).map((p) => p.compact),
  ...ALL_COLUMN_PHRASES,
].filter((p) => p.length >= 3);

const lettersOf = (t: Tok): number => t.norm.replace(/[^a-z]/g, '').length;

/**
 * Whether most of a line's letters are field labels, each printed exactly ("Factuurnr.",
 * "Re.-Nr. Datum Zahlbar bis"). A name holding one label word ("Total Office Supplies Ltd")
 * is no label line.
 */
export function isLabelLine(words: Tok[]): boolean {
  const letters = words.reduce((n, w) => n + lettersOf(w), 0);
  if (!letters) return false;
  const covered = new Set<number>();
  for (const p of LABELS) {
    if (!words.some((w) => w.norm[0] === p[0])) continue;
    for (const m of matchPhrase(words, p, false))
      for (let i = m.start; i < m.end; i++) covered.add(i);
  }
  const labelled = [...covered].reduce((n, i) => n + lettersOf(words[i]!), 0);
  return labelled >= 0.6 * letters;
}
