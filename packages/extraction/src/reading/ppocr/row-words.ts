import type { Word, WordReading } from '../../document.js';
import { spanBounds, type RotatedRect } from './geometry.js';
import type { RecognizedChar, RowReading } from './recognize.js';

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/** A numeric date with a four-digit year, and one with a two-digit year. */
const LONG_DATE = '\\d{1,2}[-/.]\\d{1,2}[-/.](?:19|20)\\d{2}';
const SHORT_DATE = '\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{2}';

/**
 * Where a word the recogniser ran together should split: it drops a narrow space, so a date runs
 * on into the time printed after it ("25/12/20188:13:39PM", "02-03-184723"), a label or a number
 * into the date after it ("#19-18/03/2018") and a day into its month ("05Mar2018"). Answers the
 * split points (character indexes), none for an ordinary word.
 */
export function runOnSplits(text: string): number[] {
  const before = new RegExp(`^(.*[^\\d/.-]|.*\\d-)(${LONG_DATE}.*)$`).exec(text);
  if (before && before[1]!.length > 0) {
    const at = before[1]!.length;
    return [at, ...runOnSplits(text.slice(at)).map((i) => at + i)];
  }
  if (new RegExp(`^${LONG_DATE}$`).test(text)) return [];
  const longYear = new RegExp(`^(${LONG_DATE})([0-2]?\\d[:.][0-5]\\d.*)$`).exec(text);
  if (longYear) return [longYear[1]!.length];
  // a two-digit year, then figures that cannot be the rest of a four-digit one
  const shortYear = new RegExp(`^(${SHORT_DATE})(\\d[\\d:.]*(?:[AP]M)?)$`, 'i').exec(text);
  if (shortYear) return [shortYear[1]!.length];
  const dayMonth = new RegExp(`^(\\d{1,2})(${MONTH})((?:19|20)?\\d{2})?$`, 'i').exec(text);
  if (dayMonth) {
    const splits = [dayMonth[1]!.length];
    if (dayMonth[3]) splits.push(dayMonth[1]!.length + dayMonth[2]!.length);
    return splits;
  }
  const monthYear = new RegExp(`^(${MONTH})((?:19|20)\\d{2})$`, 'i').exec(text);
  if (monthYear) return [monthYear[1]!.length];
  return [];
}

/** The recogniser reads a dash between figures as a tilde now and then ("05~05-17"). */
export function fixDashes(text: string): string {
  return text.replace(/(?<=\d)~(?=\d)/g, '-');
}

/** A glyph's second reading is offered when the recogniser gave it at least this. */
const ALTERNATIVE_FLOOR = 0.1;
/** At most this many second readings per word and kind of glyph, the likeliest first. */
const MAX_ALTERNATIVES = 3;
const FIGURE = /^\d$/;
const LETTER = /^\p{L}$/u;

/** The word read with one doubtful glyph as its runner-up, each in turn, when both are `kind`. */
function swaps(glyphs: readonly RecognizedChar[], kind: RegExp): WordReading[] {
  const total = glyphs.reduce((a, c) => a + c.probability, 0);
  const readings: WordReading[] = [];
  glyphs.forEach((c, i) => {
    const other = c.runnerUp;
    if (!other || other.probability < ALTERNATIVE_FLOOR) return;
    if (!kind.test(other.text) || !kind.test(c.text)) return;
    const text = glyphs.map((g, j) => (j === i ? other.text : g.text)).join('');
    readings.push({
      text: fixDashes(text),
      confidence: (total - c.probability + other.probability) / glyphs.length,
    });
  });
  return readings.sort((a, b) => b.confidence - a.confidence).slice(0, MAX_ALTERNATIVES);
}

/**
 * Second readings of a word: each doubtful glyph in turn read as the one the recogniser ranked
 * second there, a figure for a figure ("28.60" whose 8 may be a 6 also reads "26.60", for the
 * extractor to choose by the document's arithmetic) and a letter for a letter ("Melavati" whose v
 * may be a w also reads "Melawati", for it to choose by the words it knows). Figures come first.
 * None for a word read without doubt.
 */
export function secondReadings(glyphs: readonly RecognizedChar[]): WordReading[] {
  return [...swaps(glyphs, FIGURE), ...swaps(glyphs, LETTER)];
}

/**
 * A recognised row as words on the page: split at the recogniser's spaces (and where it ran a date
 * into a time or a day into its month), each word boxed by where its characters lie along the row,
 * with the mean probability of its characters as its confidence.
 */
export function rowWords(reading: RowReading, rect: RotatedRect): Word[] {
  const groups: RecognizedChar[][] = [];
  let current: RecognizedChar[] = [];
  for (const c of reading.chars) {
    if (!c.text.trim()) {
      if (current.length) groups.push(current);
      current = [];
    } else current.push(c);
  }
  if (current.length) groups.push(current);
  const parts = groups.flatMap((g) => {
    const splits = runOnSplits(fixDashes(g.map((c) => c.text).join('')));
    const pieces: RecognizedChar[][] = [];
    let from = 0;
    for (const at of splits) {
      pieces.push(g.slice(from, at));
      from = at;
    }
    pieces.push(g.slice(from));
    return pieces.filter((p) => p.length);
  });
  // a character's width along the row: the typical step between neighbours within a word
  const steps = groups
    .flatMap((g) => g.slice(1).map((c, i) => c.at - g[i]!.at))
    .sort((a, b) => a - b);
  const pitch = steps.length
    ? steps[Math.floor(steps.length / 2)]!
    : 1 / Math.max(1, reading.chars.length);
  return parts.map((g) => {
    const start = Math.max(0, g[0]!.at - pitch / 2);
    const end = Math.min(1, g[g.length - 1]!.at + pitch / 2);
    const alternatives = secondReadings(g);
    return {
      text: fixDashes(g.map((c) => c.text).join('')),
      box: spanBounds(rect, start, end),
      confidence: g.reduce((a, c) => a + c.probability, 0) / g.length,
      leastGlyph: Math.min(...g.map((c) => c.probability)),
      ...(alternatives.length ? { alternatives } : {}),
    };
  });
}
