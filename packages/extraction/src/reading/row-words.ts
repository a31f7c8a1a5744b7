import type { Box, Word } from '../document.js';
import type { LineReading, RecognizedChar } from './line-recognizer.js';

/** A word of a row recogniser's reading, placed on the page. */
export interface RecognizedWord extends Word {
  /** The probability of its least sure character: one doubtful character is a misreading's mark. */
  weakest: number;
}

/** A gap between two page words at least this many row heights wide is a space between words. */
const WORD_GAP = 0.35;

/**
 * Turns a row recogniser's reading into words positioned on the page. The recogniser's own spaces
 * split words, and so does every wide gap the page reading saw between two words: the recogniser
 * tends to run words together across a gap ("TOTAL:9.00"), where the page reading tends to split
 * one word at an uneven gap between its glyphs ("RM20. 40"). A word's box is the union of the page
 * words its characters fall in (cut where the recogniser split one of them), or, where the page
 * reading saw nothing, estimated from the characters' places.
 *
 * `rowWords` are the page reading's words of the row; `left` is where the row image starts on the
 * page, `scale` page pixels per row-image pixel.
 */
export function wordsFromReading(
  reading: LineReading,
  rowWords: readonly Word[],
  left: number,
  scale = 1,
): RecognizedWord[] {
  if (rowWords.length === 0) return [];
  const sorted = [...rowWords].sort((a, b) => a.box[0] - b.box[0]);
  const top = Math.min(...sorted.map((w) => w.box[1]));
  const bottom = Math.max(...sorted.map((w) => w.box[3]));
  const height = median(sorted.map((w) => w.box[3] - w.box[1]));
  const gaps: number[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]!.box[0] - sorted[i - 1]!.box[2];
    if (gap >= WORD_GAP * height) gaps.push((sorted[i]!.box[0] + sorted[i - 1]!.box[2]) / 2);
  }
  const groups: RecognizedChar[][] = [];
  let current: RecognizedChar[] = [];
  for (const c of reading.chars) {
    const placed = { ...c, x: left + c.x * scale };
    const last = current[current.length - 1];
    const space = !placed.text.trim();
    if (space || (last && gaps.some((g) => last.x < g && g <= placed.x))) {
      if (current.length) groups.push(current);
      current = [];
    }
    if (!space) current.push(placed);
  }
  if (current.length) groups.push(current);
  for (let i = 0; i < groups.length; i++) {
    const at = runOnTime(groups[i]!.map((c) => c.text).join(''));
    if (at > 0) groups.splice(i, 1, groups[i]!.slice(0, at), groups[i]!.slice(at));
  }

  const under = (g: RecognizedChar[]) =>
    sorted.filter((w) => g.some((c) => c.x >= w.box[0] && c.x <= w.box[2]));
  return groups.map((g, i): RecognizedWord => {
    const first = g[0]!;
    const last = g[g.length - 1]!;
    const words = under(g);
    let box: Box;
    if (words.length) {
      const union: Box = [
        Math.min(...words.map((w) => w.box[0])),
        Math.min(...words.map((w) => w.box[1])),
        Math.max(...words.map((w) => w.box[2])),
        Math.max(...words.map((w) => w.box[3])),
      ];
      // a page word the recogniser read as two: each part gets its side of the space
      const before = groups[i - 1];
      const after = groups[i + 1];
      const sharedBefore = before && under(before).some((w) => words.includes(w));
      const sharedAfter = after && under(after).some((w) => words.includes(w));
      if (sharedBefore) union[0] = (before[before.length - 1]!.x + first.x) / 2;
      if (sharedAfter) union[2] = (last.x + after[0]!.x) / 2;
      box = union;
    } else {
      const pitch = g.length > 1 ? (last.x - first.x) / (g.length - 1) : 0.5 * height;
      box = [first.x - pitch / 2, top, last.x + pitch / 2, bottom];
    }
    return {
      text: g.map((c) => c.text).join(''),
      box,
      confidence: g.reduce((a, c) => a + c.probability, 0) / g.length,
      weakest: Math.min(...g.map((c) => c.probability)),
    };
  });
}

/**
 * Where a date with a four-digit year runs on into a time ("09-06-201816:00:43"), the index the time
 * starts at; receipts print them side by side, and the recogniser can drop the space between.
 */
function runOnTime(text: string): number {
  const m = /^(.*?\d{1,2}[-/.]\d{1,2}[-/.](?:19|20)\d{2})([0-2]?\d:[0-5]\d.*)$/.exec(text);
  return m ? m[1]!.length : -1;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
