import type { Word } from '../document.js';

/** The parts of a pdfjs TextItem we use, with its transform already mapped to top-left page space. */
export interface PositionedTextItem {
  str: string;
  /** Left edge of the item's baseline, top-left origin, points. */
  x: number;
  baselineY: number;
  /** Item advance width in points. */
  width: number;
  /** Font size in points. */
  fontSize: number;
}

/**
 * Rough relative advance widths: the text layer gives one width per item (often a whole line), so word
 * positions inside it are estimated. Weighting narrow and wide glyphs keeps a word's x within a few
 * points on proportional fonts, where equal widths drift by a whole word over a long line.
 */
function glyphWeight(ch: string): number {
  if (/[ilIjtf.,:;'|!`()[\]]/.test(ch)) return 0.5;
  if (ch === ' ') return 0.55;
  if (/[mwMW@%]/.test(ch)) return 1.45;
  if (/[A-Z]/.test(ch)) return 1.2;
  return 1;
}

/** Fraction of the font size above the baseline / below it that a word box covers. */
const ASCENT = 0.8;
const DESCENT = 0.2;

/** Splits one text item into words on whitespace, estimating each word's x from glyph weights. */
export function wordsFromTextItem(item: PositionedTextItem): Word[] {
  const chars = [...item.str];
  if (chars.length === 0 || item.width <= 0) {
    return [];
  }
  const weights = chars.map(glyphWeight);
  const total = weights.reduce((a, b) => a + b, 0);
  const perUnit = item.width / total;
  const top = item.baselineY - item.fontSize * ASCENT;
  const bottom = item.baselineY + item.fontSize * DESCENT;
  const words: Word[] = [];
  let offset = 0;
  let start = -1;
  let startX = 0;
  const close = (endX: number, endIndex: number) => {
    const text = chars.slice(start, endIndex).join('');
    words.push({ text, box: [startX, top, endX, bottom], confidence: 1 });
    start = -1;
  };
  chars.forEach((ch, i) => {
    const x = item.x + offset * perUnit;
    if (/\s/.test(ch)) {
      if (start >= 0) close(x, i);
    } else if (start < 0) {
      start = i;
      startX = x;
    }
    offset += weights[i]!;
  });
  if (start >= 0) close(item.x + item.width, chars.length);
  return words;
}

/**
 * Many generators emit one item per glyph run, so a word can arrive as several adjacent items
 * ("INV" + "OICE"). Items that touch on the same baseline are joined into one word.
 */
export function mergeTouchingWords(words: Word[]): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    if (prev) {
      const h = prev.box[3] - prev.box[1];
      const sameLine = Math.abs(prev.box[3] - w.box[3]) < h * 0.2;
      const gap = w.box[0] - prev.box[2];
      if (sameLine && gap < h * 0.08 && gap > -h * 0.3) {
        prev.text += w.text;
        prev.box = [
          prev.box[0],
          Math.min(prev.box[1], w.box[1]),
          w.box[2],
          Math.max(prev.box[3], w.box[3]),
        ];
        continue;
      }
    }
    out.push({ ...w, box: [...w.box] });
  }
  return out;
}

/** Letters and digits: what tells a real text layer from an empty or garbage one (bad font encodings). */
export function countRealCharacters(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}
