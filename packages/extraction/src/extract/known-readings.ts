/**
 * A doubtful word read as the recogniser's second choice when that is a word the document knows:
 * the recogniser often ranks the printed glyph second where it doubted ("Melavati" whose v may be a
 * w, on a receipt that prints "Melawati" twice). A word is known when the locale's address words or
 * regions hold it, or when the same document prints it elsewhere without doubt.
 */
import { CLEAR_GLYPHS, CLEAR_READING } from './confidence/calibrate.js';
import type { DocContext } from './context.js';
import type { Tok } from './layout.js';
import { addressWordsOf, regionsOf } from './locales/index.js';

/** Whether OCR read a word without doubt: its least sure glyph, or else the word, was clear. */
export const readClearly = (t: Tok): boolean =>
  t.leastGlyph === undefined ? t.conf >= CLEAR_READING : t.leastGlyph >= CLEAR_GLYPHS;

/** A word's letters, lowercase, without the marks around or inside it. */
const lettersOf = (text: string): string => text.toLowerCase().replace(/[^\p{L}]/gu, '');

/**
 * A word the document printed clearly needs this many letters to vouch for another reading: a
 * short one ("IN", "TO") would stand for too many misreadings.
 */
const MIN_DOCUMENT_WORD = 4;

const knownWords = new WeakMap<DocContext, Set<string>>();

/** The words the document knows: its locales' address words and regions, and its clear words. */
function knownWordsOf(ctx: DocContext): Set<string> {
  const cached = knownWords.get(ctx);
  if (cached) return cached;
  const known = new Set([
    ...addressWordsOf(ctx.locales),
    ...regionsOf(ctx.locales).flatMap((region) => region.split(/\s+/)),
  ]);
  for (const tok of ctx.layout.rows.flatMap((r) => r.words)) {
    const word = lettersOf(tok.text);
    if (word.length >= MIN_DOCUMENT_WORD && readClearly(tok)) known.add(word);
  }
  knownWords.set(ctx, known);
  return known;
}

/**
 * The word as the document knows it: its one second reading that is a known word, when the word
 * as read is none; else the word as read.
 */
export function knownReadingOf(tok: Tok, ctx: DocContext): string {
  if (!tok.alts?.length) return tok.text;
  const known = knownWordsOf(ctx);
  const read = lettersOf(tok.text);
  if (!read || known.has(read)) return tok.text;
  const fits = tok.alts.filter((alt) => {
    const word = lettersOf(alt.text);
    return word !== read && known.has(word);
  });
  return new Set(fits.map((alt) => lettersOf(alt.text))).size === 1 ? fits[0]!.text : tok.text;
}
