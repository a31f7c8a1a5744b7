import type { Box, Word, WordReading } from '../../document.js';
import type { SecondWord } from './second-reader-pool.js';

/**
 * Two independent readers that read a word alike are right far more often than either alone
 * (research note "Second readings", 23 company names of 23): an agreed word counts as read clearly.
 */
export const AGREED_CONFIDENCE = 0.98;
export const AGREED_GLYPH = 0.95;
/**
 * A word the second reader read otherwise is doubtful whatever the first reader's own score: its
 * least sure glyph is put at most this high, which the confidence calibration counts as a close call.
 */
export const DISAGREED_GLYPH = 0.5;
/** Two words read the same print when each covers at least this share of the other's width. */
const MATCH = 0.7;
/** A first reading whose least sure glyph is this sure was no close call (as the calibration counts). */
const CLEAR_GLYPH = 0.93;
/** The second reader's word must be at least this sure to speak against the first reading. */
const DISAGREEMENT_FLOOR = 0.7;
/**
 * Words the first reader split are joined when the second read them as one and the gap between
 * them is narrower than this share of a character's width: a real space is about a character wide
 * in till fonts, a gap inside a word of widely spaced glyphs much less.
 */
const JOINABLE_GAP = 0.75;

/** A letter as both readers can read it: without its accent; ß as the B the first reader sees. */
const foldLetter = (c: string): string =>
  c === 'ß'
    ? 'B'
    : c
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase();

const fold = (text: string): string => [...text.normalize('NFC')].map(foldLetter).join('');

/** Glyphs that OCR readers take for one another, as one character each. */
const LOOKALIKE: Record<string, string> = {
  O: '0',
  D: '0',
  Q: '0',
  I: '1',
  L: '1',
  S: '5',
  B: '8',
  Z: '2',
  G: '6',
};

/** Letters and figures only, folded, lookalikes as one: two readings of one print that no reader could tell apart. */
const lookalikesOf = (text: string): string =>
  fold(text)
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/[ODQILSBZG]/g, (c) => LOOKALIKE[c] ?? c);

/**
 * The first reader's word with the accents the second reader saw: each character where the second
 * reading has the same letter with a mark (or ß where the first read B), in the first's case.
 * Null when the two are not the same letters or the second adds no accent.
 */
export function withAccents(first: string, second: string): string | null {
  const a = [...first.normalize('NFC')];
  const b = [...second.normalize('NFC')];
  if (a.length !== b.length) return null;
  let changed = false;
  const out = a.map((c, i) => {
    const other = b[i]!;
    if (foldLetter(c) !== foldLetter(other)) return null;
    if (other === c || other.toUpperCase() === c.toUpperCase() || foldLetter(other) === other)
      return c;
    changed = true;
    if (other === 'ß') return 'ß';
    return c === c.toUpperCase() ? other.toUpperCase() : other.toLowerCase();
  });
  return !changed || out.some((c) => c === null) ? null : out.join('');
}

const overlap = (a: Box, b: readonly number[]): number =>
  Math.min(a[2], b[2]!) - Math.max(a[0], b[0]!);

const widthOf = (b: readonly number[]): number => Math.max(1e-6, b[2]! - b[0]!);

/** How much of a second word the extent of a run of first words covers. */
const spanOverlap = (span: readonly Word[], second: SecondWord): number =>
  overlap([span[0]!.box[0], 0, span[span.length - 1]!.box[2], 0], second.box);

function agreed(word: Word, text = word.text): Word {
  return {
    ...word,
    text,
    confidence: Math.max(word.confidence, AGREED_CONFIDENCE),
    leastGlyph: Math.max(word.leastGlyph ?? word.confidence, AGREED_GLYPH),
  };
}

const withAlternative = (word: Word, other: WordReading): WordReading[] => [
  other,
  ...(word.alternatives ?? []).filter((a) => a.text !== other.text),
];

function disagreed(word: Word, other: WordReading): Word {
  return {
    ...word,
    leastGlyph: Math.min(word.leastGlyph ?? word.confidence, DISAGREED_GLYPH),
    alternatives: withAlternative(word, other),
  };
}

/** The first reader's word judged against the second reader's word over the same print. */
function judge(word: Word, second: SecondWord): Word {
  const { text, confidence } = second;
  if (fold(text) === fold(word.text))
    return agreed(word, withAccents(word.text, text) ?? word.text);
  // the same letters punctuated otherwise, or told apart only by glyphs the two readers confuse
  // with each other (O and 0, B and 8): neither for nor against
  if (lookalikesOf(text) === lookalikesOf(word.text)) return word;
  if (confidence < DISAGREEMENT_FLOOR) return word;
  // Figures are left to the document's arithmetic, which chooses among a figure's readings: a
  // second reader's figure there ("54" for "54.50") made it settle on wrong totals.
  if (!/\p{L}/u.test(word.text)) return word;
  // A word the first reader read clearly keeps its standing: on receipts the first reader is the
  // better one where the two differ, so the other reading is only offered beside it.
  if ((word.leastGlyph ?? word.confidence) >= CLEAR_GLYPH)
    return { ...word, alternatives: withAlternative(word, { text, confidence }) };
  return disagreed(word, { text, confidence });
}

/** The typical width of one character on the row: its words' widths over their lengths. */
function characterWidth(words: readonly Word[]): number {
  const chars = words.reduce((n, w) => n + [...w.text].length, 0);
  const width = words.reduce((n, w) => n + (w.box[2] - w.box[0]), 0);
  return chars ? width / chars : 0;
}

/**
 * Words of the first reader joined into the one word the second read over them ("STAT IONERY" →
 * "STATIONERY"), when their letters are the second reading's and no gap between them is as wide
 * as a space. Null otherwise.
 */
function joined(words: readonly Word[], second: SecondWord, charWidth: number): Word | null {
  const letters = words.map((w) => w.text).join('');
  if (fold(letters) !== fold(second.text)) return null;
  for (let i = 1; i < words.length; i++) {
    if (words[i]!.box[0] - words[i - 1]!.box[2] > JOINABLE_GAP * charWidth) return null;
  }
  const box: Box = [
    Math.min(...words.map((w) => w.box[0])),
    Math.min(...words.map((w) => w.box[1])),
    Math.max(...words.map((w) => w.box[2])),
    Math.max(...words.map((w) => w.box[3])),
  ];
  const chars = words.reduce((n, w) => n + w.text.length, 0);
  const word: Word = {
    text: letters,
    box,
    confidence: words.reduce((sum, w) => sum + w.confidence * w.text.length, 0) / chars,
    leastGlyph: Math.min(...words.map((w) => w.leastGlyph ?? w.confidence)),
  };
  return agreed(word, withAccents(letters, second.text) ?? letters);
}

/**
 * One row of the first reader checked against the second reader's words over it (both in page
 * pixels): a word both read alike is raised to a clear reading (taking the accents only the second
 * reader's alphabet has), a word the second read otherwise is marked doubtful and offered the
 * other reading as an alternative, words the second read as one are joined. Words the second
 * reader did not cover are kept as they were.
 */
export function reconcileRow(words: readonly Word[], seconds: readonly SecondWord[]): Word[] {
  const firsts = [...words].sort((a, b) => a.box[0] - b.box[0]);
  const others = [...seconds].sort((a, b) => a.box[0] - b.box[0]);
  const charWidth = characterWidth(firsts);
  // a second word lies over a first one when it covers most of it; the two read the same print
  // when each covers most of the other (a second word over part of a first is no verdict on it)
  const covers = (s: SecondWord, w: Word) => overlap(w.box, s.box) > MATCH * widthOf(w.box);
  const same = (w: Word, s: SecondWord) =>
    covers(s, w) && overlap(w.box, s.box) > MATCH * widthOf(s.box);
  const out: Word[] = [];
  for (let i = 0; i < firsts.length; i++) {
    const word = firsts[i]!;
    // first words that one second word covers, from this one on, may be one word split apart
    const over = others.find((s) => covers(s, word));
    let end = i + 1;
    while (over && end < firsts.length && covers(over, firsts[end]!)) end++;
    const span = firsts.slice(i, end);
    const join =
      over && span.length > 1 && spanOverlap(span, over) > MATCH * widthOf(over.box)
        ? joined(span, over, charWidth)
        : null;
    if (join) {
      out.push(join);
      i = end - 1;
      continue;
    }
    const matching = others.filter((s) => same(word, s));
    out.push(matching.length === 1 ? judge(word, matching[0]!) : word);
  }
  return out;
}
