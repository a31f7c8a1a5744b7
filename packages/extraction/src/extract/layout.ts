/** Layout helpers over a ReadDocument: visual rows of words, segments split at wide gaps, fuzzy phrase matching. */
import type { Box, Page, ReadDocument, Word } from '../document.js';
import { CAPITAL_I_READ_AS_L } from './lookalike-letters.js';

export interface Tok {
  text: string;
  /** Lowercase letters, digits and '#', for matching. */
  norm: string;
  box: Box;
  conf: number;
  /** The word's least sure character (see Word.leastGlyph); absent when not known. */
  leastGlyph?: number;
  /** Other OCR readings of the same word (see Word.alternatives). */
  alts?: { text: string; conf: number }[];
}

export interface Row {
  page: number;
  /** Index of the row in document order. */
  index: number;
  words: Tok[];
  box: Box;
  text: string;
  height: number;
}

export interface DocLayout {
  doc: ReadDocument;
  rows: Row[];
  /** Median row height over the document, a unit for gaps. */
  unit: number;
}

/** An abbreviation with a zero among its letters ("P.0.", "N0."): OCR read its O as a figure. */
const ZERO_IN_ABBREVIATION = /^(?=[^0-9]*0[^0-9]*$)(?=.*[A-Za-z])[A-Za-z0.]+\.$/;

/**
 * A word as labels are matched: lowercase, without accents and marks. A capital I that OCR read as
 * an l is an i again: no word of these languages opens with an l before a consonant ("ltem",
 * "lnvoice", "lssue").
 */
export const normWord = (s: string): string =>
  (ZERO_IN_ABBREVIATION.test(s) ? s.replace('0', 'o') : s)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9#%]/g, '')
    .replace(CAPITAL_I_READ_AS_L, 'i');

export const unionBox = (boxes: Box[]): Box => {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    x0 = Math.min(x0, b[0]);
    y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]);
    y1 = Math.max(y1, b[3]);
  }
  return [x0, y0, x1, y1];
};

const median = (xs: number[]): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

const vOverlap = (a: Box, b: Box): number => {
  const o = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  const h = Math.min(a[3] - a[1], b[3] - b[1]);
  return h > 0 ? o / h : 0;
};

/** A word, split where a label is glued to its value ("Date:25/12/2018" → "Date:" + "25/12/2018"). */
const toToks = (w: Word): Tok[] => {
  const m = /^([A-Za-z][A-Za-z .#/]*[:#])(\S.*)$/.exec(w.text);
  if (!m || !m[1] || !m[2] || /^[:#]/.test(m[2])) {
    const tok: Tok = { text: w.text, norm: normWord(w.text), box: w.box, conf: w.confidence };
    if (w.leastGlyph !== undefined) tok.leastGlyph = w.leastGlyph;
    if (w.alternatives?.length)
      tok.alts = w.alternatives.map((a) => ({ text: a.text, conf: a.confidence }));
    return [tok];
  }
  const [x0, y0, x1, y1] = w.box;
  const cut = x0 + ((x1 - x0) * m[1].length) / w.text.length;
  const glyph = w.leastGlyph === undefined ? {} : { leastGlyph: w.leastGlyph };
  return [
    { text: m[1], norm: normWord(m[1]), box: [x0, y0, cut, y1], conf: w.confidence, ...glyph },
    { text: m[2], norm: normWord(m[2]), box: [cut, y0, x1, y1], conf: w.confidence, ...glyph },
  ];
};

/** A run of a reader's line without a wide gap: one detected text region, level within itself. */
interface Piece {
  words: Tok[];
  box: Box;
}

const boxOf = (words: Tok[]): Box => unionBox(words.map((w) => w.box));

/**
 * The slope of a scanned page's text (dy per dx): the median over runs of words without a wide gap
 * (each read as one region, so level within itself) of the slope from their first word to their
 * last. A text layer and a straight scan give 0.
 */
function slopeOf(pieces: Piece[]): number {
  const slopes: number[] = [];
  for (const { words } of pieces) {
    const first = words[0];
    const last = words[words.length - 1];
    if (!first || !last || first === last) continue;
    const dx = (last.box[0] + last.box[2]) / 2 - (first.box[0] + first.box[2]) / 2;
    if (dx < 4 * (first.box[3] - first.box[1])) continue;
    slopes.push(((last.box[1] + last.box[3]) / 2 - (first.box[1] + first.box[3]) / 2) / dx);
  }
  if (slopes.length < 3) return 0;
  const slope = median(slopes);
  // below a tenth of a degree, rows are level enough
  return Math.abs(slope) < 0.002 ? 0 : slope;
}

/** The slope of a page's text rows (0 for a text layer or a straight scan). */
export function pageSlope(page: Page): number {
  return slopeOf(piecesOf(page));
}

function piecesOf(page: Page): Piece[] {
  return page.lines.flatMap((l) => {
    const words = l.words.filter((w) => w.text.trim() !== '').flatMap(toToks);
    const height = median(words.map((w) => w.box[3] - w.box[1])) || 10;
    return segments(words, height, 1.5).map((ws) => ({ words: ws, box: boxOf(ws) }));
  });
}

/** Two words of which one stands over the other: most of the narrower one's width is shared. */
const stacked = (a: Tok, b: Tok): boolean =>
  Math.min(a.box[2], b.box[2]) - Math.max(a.box[0], b.box[0]) >
  0.5 * Math.min(a.box[2] - a.box[0], b.box[2] - b.box[0]);

/**
 * The printed lines of a reader's line that holds words one above the other: on a slanted scan one
 * detected region can take the first word of the next line ("KAWASAN" over "43300 SERI
 * KEMBANGAN"). Split by height; a line whose words stand side by side is kept whole.
 */
function stackedLines(words: Tok[], slope: number): Tok[][] {
  if (!words.some((a, i) => words.slice(i + 1).some((b) => stacked(a, b)))) return [words];
  const height = median(words.map((w) => w.box[3] - w.box[1])) || 10;
  // heights compared as on a level page: a slanted line's right end stands higher or lower
  const centre = (t: Tok) => (t.box[1] + t.box[3]) / 2 - (slope * (t.box[0] + t.box[2])) / 2;
  const lines: Tok[][] = [];
  let lineY = -Infinity;
  for (const t of [...words].sort((a, b) => centre(a) - centre(b))) {
    if (centre(t) - lineY > 0.6 * height) {
      lines.push([t]);
      lineY = centre(t);
    } else lines[lines.length - 1]!.push(t);
  }
  return lines.map((line) => line.sort((a, b) => a.box[0] - b.box[0]));
}

/** Rows of a page: the reader's lines, merged when they sit at the same height (label left, value right). */
export function pageRows(page: Page): Omit<Row, 'index'>[] {
  // On a skewed scan a row's cells stand higher or lower the further right they are, and the
  // reader's lines can join one row's left part to the next row's right part: there the runs of
  // words are regrouped at the height they would have on a level page (their boxes stay as read).
  const pieces = piecesOf(page);
  const slope = slopeOf(pieces);
  const level = (box: Box): Box => {
    const dy = slope * ((box[0] + box[2]) / 2 - page.width / 2);
    return [box[0], box[1] - dy, box[2], box[3] - dy];
  };
  const units = (
    slope
      ? pieces
      : page.lines.map((l) => ({
          words: l.words.filter((w) => w.text.trim() !== '').flatMap(toToks),
          box: l.box,
        }))
  )
    .flatMap((l) => {
      const lines = stackedLines(l.words, slope);
      return lines.length > 1 ? lines.map((ws) => ({ words: ws, box: boxOf(ws) })) : [l];
    })
    .filter((l) => l.words.length > 0)
    .map((l) => ({ ...l, levelBox: level(l.box) }))
    .sort((a, b) => a.levelBox[1] - b.levelBox[1] || a.box[0] - b.box[0]);
  const rows: { words: Tok[]; box: Box; levelBox: Box }[] = [];
  for (const l of units) {
    const last = rows[rows.length - 1];
    const target =
      last &&
      vOverlap(last.levelBox, l.levelBox) >= 0.6 &&
      !last.words.some((w) => w.box[0] < l.box[2] && w.box[2] > l.box[0])
        ? last
        : undefined;
    if (target) {
      target.words.push(...l.words);
      target.box = unionBox([target.box, l.box]);
      target.levelBox = unionBox([target.levelBox, l.levelBox]);
    } else rows.push({ words: [...l.words], box: l.box, levelBox: l.levelBox });
  }
  return rows.map((r) => {
    const words = r.words.sort((a, b) => a.box[0] - b.box[0]);
    return {
      page: page.number,
      words,
      box: r.box,
      text: words.map((w) => w.text).join(' '),
      height: median(words.map((w) => w.box[3] - w.box[1])) || r.box[3] - r.box[1],
    };
  });
}

const cache = new WeakMap<ReadDocument, DocLayout>();

/** An amount opening with the S a dollar sign is misread as ("S8.20"). */
const S_FOR_DOLLAR = /^S(?=\d{1,6}[.,]\d{2}$)/;

/**
 * A document that prints its amounts after "$" has its dollar signs read as S now and then
 * ("$7.10" … "S8.20"), which the digit repair would turn into a 5 ("58.20"): there, an S before
 * an amount is the sign. Elsewhere an S before figures stays a possible 5.
 */
function dollarSignsOf(rows: Row[]): Row[] {
  const signed = rows.reduce((n, r) => n + r.words.filter((w) => /^\$\d/.test(w.text)).length, 0);
  if (signed < 2) return rows;
  return rows.map((r) => {
    if (!r.words.some((w) => S_FOR_DOLLAR.test(w.text))) return r;
    const words = r.words.map((w) => {
      if (!S_FOR_DOLLAR.test(w.text)) return w;
      const text = w.text.replace(S_FOR_DOLLAR, '$');
      return { ...w, text, norm: normWord(text) };
    });
    return { ...r, words, text: words.map((w) => w.text).join(' ') };
  });
}

export function layoutOf(doc: ReadDocument): DocLayout {
  const hit = cache.get(doc);
  if (hit) return hit;
  let rows: Row[] = [];
  for (const p of doc.pages) for (const r of pageRows(p)) rows.push({ ...r, index: rows.length });
  rows = dollarSignsOf(rows);
  const unit = median(rows.map((r) => r.height)) || 10;
  const layout = { doc, rows, unit };
  cache.set(doc, layout);
  return layout;
}

/** Split a row's words at gaps wider than `factor` × the row height. */
export function segments(words: Tok[], height: number, factor = 1.2): Tok[][] {
  const out: Tok[][] = [];
  let cur: Tok[] = [];
  for (const w of words) {
    const prev = cur[cur.length - 1];
    if (prev && w.box[0] - prev.box[2] > factor * height) {
      out.push(cur);
      cur = [];
    }
    cur.push(w);
  }
  if (cur.length) out.push(cur);
  return out;
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  // one row of the table, reused: label matching measures distances by the hundred thousand
  if (distanceRow.length <= b.length) distanceRow = new Int32Array(2 * (b.length + 1));
  const prev = distanceRow;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(tmp + 1, prev[j - 1]! + 1, diag + (ai === b.charCodeAt(j - 1) ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

let distanceRow = new Int32Array(64);

/** Allowed edit distance for a phrase of this compact length. */
export const tolerance = (len: number): number => (len >= 10 ? 2 : len >= 5 ? 1 : 0);

export interface PhraseMatch {
  start: number;
  /** Exclusive. */
  end: number;
  distance: number;
}

/**
 * Where a phrase (compact, e.g. "invoiceno") occurs in a word sequence, word-aligned: words start..end-1
 * concatenated equal the phrase within the tolerance. A word may carry trailing ':' or '#'.
 */
/** Two words with more than a few letters' width between them. */
const apart = (a: Tok, b: Tok): boolean =>
  b.box[0] - a.box[2] > 2.5 * Math.max(a.box[3] - a.box[1], b.box[3] - b.box[1]);

export function matchPhrase(words: Tok[], phrase: string, fuzzy = true): PhraseMatch[] {
  const out: PhraseMatch[] = [];
  const tol = fuzzy ? tolerance(phrase.length) : 0;
  for (let i = 0; i < words.length; i++) {
    // every accepted match starts with the phrase's first letter (see the test below), so other
    // starts are skipped before any edit distance is computed
    if (words[i]?.norm[0] !== phrase[0]) continue;
    let acc = '';
    // the closest of the word runs that match: "Reference" is within two edits of "referenceno",
    // but "Reference No" is the label
    let found: PhraseMatch | null = null;
    for (let j = i; j < words.length && j < i + 6; j++) {
      // a label's words are printed close together: words far apart are separate cells of a row
      // ("Date      Due" over two columns is no "Date Due")
      if (j > i && apart(words[j - 1]!, words[j]!)) break;
      acc += words[j]?.norm ?? '';
      if (acc.length > phrase.length + tol + 1) break;
      if (!acc) continue;
      // allow a trailing '#' that the phrase does not print, and vice versa
      let best = distanceWithin(acc, phrase, tol);
      if (best > 0 && acc.endsWith('#'))
        best = Math.min(best, distanceWithin(acc.slice(0, -1), phrase, tol));
      if (best <= tol && (best === 0 || acc[0] === phrase[0])) {
        if (!found || best < found.distance) found = { start: i, end: j + 1, distance: best };
        if (best === 0) break;
      }
    }
    if (found) out.push(found);
  }
  return out;
}

/** The edit distance of a word run from a phrase, or Infinity when its length alone puts it over `tol`. */
function distanceWithin(text: string, phrase: string, tol: number): number {
  if (Math.abs(text.length - phrase.length) > tol) return Infinity;
  if (text === phrase) return 0;
  return tol ? levenshtein(text, phrase) : Infinity;
}

const rowMatches = new WeakMap<Row, Map<string, PhraseMatch[]>>();

/**
 * matchPhrase over a row's words, memoised per row: every field and table of a schema looks for its
 * labels, and for all other labels as blockers, on every row, and fuzzy matching dominates
 * extraction time otherwise.
 */
export function matchPhraseInRow(row: Row, phrase: string, fuzzy = true): PhraseMatch[] {
  let memo = rowMatches.get(row);
  if (!memo) {
    memo = new Map();
    rowMatches.set(row, memo);
  }
  const key = `${fuzzy ? 1 : 0}${phrase}`;
  let found = memo.get(key);
  if (!found) {
    found = matchPhrase(row.words, phrase, fuzzy);
    memo.set(key, found);
  }
  return found;
}

export const compact = (s: string): string => normWord(s.replace(/[_]/g, ' '));
