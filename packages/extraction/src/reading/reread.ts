import type { Word } from '../document.js';
import type { GreyImage } from './ocr-pool.js';
import { groupWordsIntoLines } from './layout.js';
import type { RecognizedWord } from './row-words.js';

/**
 * Rows whose figures decide a document's total: the total itself and what it is checked against
 * (amount tendered, card payment, change, subtotal, tax, rounding).
 */
const MONEY_LABEL =
  /\b(total|tota1|totai|nett?|grand|amount|amt|due|payable|balance|cash|change|tender(ed)?|paid|credit|card|visa|master(card)?|debit|rounding|round|sub\s*-?\s*total|subtotal|gst|vat|tax)\b/i;
/** A numeric date: 25/12/2018, 25-12-18, 2018.12.25. */
const DATE_SHAPE = /\d{1,4}\s?[-/.]\s?\d{1,2}\s?[-/.]\s?\d{2,4}/;
/**
 * A row where a date may hide without the page reading having read one: a time of day beside it
 * (receipts print both), a date label, or part of a numeric date ("7 03-18" for 17-03-18).
 */
const DATE_HINT = /\b\d{1,2}:\d{2}\b|\b(date|tarikh)\b|\d[-/.]\d{2}[-/.]|\b\d{1,2}[-/]\d{2}\b/i;
/** An amount with cents, the only kind of figure worth a second reading. */
const AMOUNT_SHAPE = /\d[.,]\d{2}(?!\d)/;
/** Date tokens read at least this surely are left alone. */
const SURE_DATE = 0.85;
/** A figure found only by the second reading must be read this surely to be added. */
const SURE_RECOVERY = 0.8;
/** At most this many rows of a page are read a second time, which bounds the cost on long lists. */
const MAX_ROWS = 12;

export interface BandOptions {
  /** Also the first rows at the top of the page, where the issuer's name and address are printed. */
  header?: boolean;
  /** Also rows where a date may hide unread (see DATE_HINT). */
  dateHints?: boolean;
}

/** The issuer's name and address are within the first rows, in the top part of the page. */
const HEADER_ROWS = 10;
const HEADER_ZONE = 0.45;

export interface Band {
  /** The words of the row as the page reading saw them. */
  words: Word[];
  kind: 'money' | 'date' | 'header';
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The rows worth a second, single-line reading: money rows that hold a figure or have lost it
 * (a total label with nothing beside it), and rows whose date was read doubtfully.
 */
export function bandsToReread(
  words: readonly Word[],
  width: number,
  height: number,
  options: BandOptions = {},
): Band[] {
  const lines = groupWordsIntoLines(words);
  const textRight = Math.min(width, Math.max(0, ...words.map((w) => w.box[2])));
  const bands: Band[] = [];
  let keyRows = 0;
  lines.forEach((line, index) => {
    const h = line.box[3] - line.box[1];
    if (h <= 0) return;
    const text = line.words.map((w) => w.text).join(' ');
    const dates = line.words.filter((w) => DATE_SHAPE.test(w.text));
    const header =
      options.header === true && index < HEADER_ROWS && line.box[1] < HEADER_ZONE * height;
    const kind = MONEY_LABEL.test(text)
      ? 'money'
      : dates.some((w) => w.confidence < SURE_DATE)
        ? 'date'
        : header
          ? 'header'
          : options.dateHints === true && !dates.length && DATE_HINT.test(text)
            ? 'date'
            : null;
    if (!kind) return;
    if (kind !== 'header' && keyRows >= MAX_ROWS) return;
    if (kind !== 'header') keyRows++;
    const margin = 0.3 * h;
    bands.push({
      words: line.words,
      kind,
      left: Math.max(0, line.box[0] - h),
      top: Math.max(0, line.box[1] - margin),
      // a figure the page reading lost sits further right, up to the page's text edge
      right: Math.min(width, Math.max(line.box[2] + h, textRight + h)),
      bottom: Math.min(height, line.box[3] + margin),
    });
  });
  return bands;
}

export interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Words that can belong to a row's figure: digits, a currency, separators ("RM", "54.50", ":"). */
const FIGURE_PART = /\d|^(rm|[$€£:.,-]+)$/i;

/**
 * The part of a band a row recogniser should read: for money rows the figures right of the label
 * (up to the page's text edge, where a lost figure would be), the whole row otherwise. Vertically it
 * keeps to the row's own height: a mark in the margin or a stamp that OCR glued to one word makes
 * that word's box tall, and the row above or below would then share the crop.
 */
export function recognitionRegion(band: Band): Region {
  const words = [...band.words].sort((a, b) => a.box[0] - b.box[0]);
  const h = Math.max(1, median(words.map((w) => w.box[3] - w.box[1])));
  const middle = median(words.map((w) => (w.box[1] + w.box[3]) / 2));
  let left = band.left;
  let focus = words;
  if (band.kind === 'money') {
    let first = words.length;
    while (first > 0 && FIGURE_PART.test(words[first - 1]!.text)) first--;
    const figures = words.slice(first);
    const label = words[first - 1];
    if (figures.length) {
      focus = figures;
      left = Math.max(band.left, figures[0]!.box[0] - 0.7 * h);
    } else if (label) {
      return {
        left: Math.max(band.left, label.box[2]),
        top: band.top,
        right: band.right,
        bottom: band.bottom,
      };
    }
  }
  const top = Math.max(Math.min(...focus.map((w) => w.box[1])), middle - h);
  const bottom = Math.min(Math.max(...focus.map((w) => w.box[3])), middle + h);
  const margin = 0.25 * Math.max(h, bottom - top);
  // a header row is read as far as its words go; key rows to the text edge, for a lost figure
  const right =
    band.kind === 'header' ? Math.min(band.right, words[words.length - 1]!.box[2] + h) : band.right;
  return { left, top: top - margin, right, bottom: bottom + margin };
}

/** Copies a rectangle out of a greyscale bitmap (whole pixels, clamped to the bitmap). */
export function cropGrey(
  image: GreyImage,
  left: number,
  top: number,
  right: number,
  bottom: number,
): GreyImage {
  const x0 = Math.max(0, Math.floor(left));
  const y0 = Math.max(0, Math.floor(top));
  const x1 = Math.min(image.width, Math.ceil(right));
  const y1 = Math.min(image.height, Math.ceil(bottom));
  const width = Math.max(0, x1 - x0);
  const height = Math.max(0, y1 - y0);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = (y0 + y) * image.width + x0;
    data.set(image.data.subarray(from, from + width), y * width);
  }
  return { data, width, height };
}

const overlapX = (a: Word['box'], b: Word['box']): number => {
  const o = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const w = Math.min(a[2] - a[0], b[2] - b[0]);
  return w > 0 ? o / w : 0;
};

/**
 * Merges a row's second reading into the page's words. A figure read differently the second time
 * keeps its first reading and gains the second as an alternative, for the extractor to settle by
 * arithmetic (total = tendered − change); a doubtful date read more surely the second time is
 * replaced; a money figure the page reading lost entirely is added when read surely.
 * `reread` holds the second reading's words in the page's coordinates.
 */
export function mergeReread(band: Band, reread: Word[], pageWords: Word[]): void {
  const shape = band.kind === 'date' ? DATE_SHAPE : AMOUNT_SHAPE;
  for (const second of reread) {
    if (!shape.test(second.text)) continue;
    const first = band.words
      .filter((w) => /\d/.test(w.text) && overlapX(w.box, second.box) > 0.5)
      .sort((a, b) => overlapX(b.box, second.box) - overlapX(a.box, second.box))[0];
    if (!first) {
      const rightOfRow = band.words.every((w) => w.box[2] <= second.box[0]);
      if (band.kind === 'money' && rightOfRow && second.confidence >= SURE_RECOVERY) {
        pageWords.push({ ...second });
      }
      continue;
    }
    if (first.text === second.text) continue;
    if (band.kind === 'date') {
      if (second.confidence > first.confidence + 0.1) {
        first.text = second.text;
        first.confidence = second.confidence;
      }
      continue;
    }
    (first.alternatives ??= []).push({ text: second.text, confidence: second.confidence });
  }
}

/**
 * How sure the row recogniser's reading must be to displace the page reading. A word is only as
 * good as its least sure character (WEAKEST_CHAR), since one doubtful glyph marks a misreading.
 */
const WEAKEST_CHAR = 0.5;
/** A figure replaces the page's reading when read at least this surely, and this much surer. */
const REPLACE_FIGURE_AT = 0.9;
const REPLACE_FIGURE_MARGIN = 0.15;
/** A doubtful date is replaced by any reading this much surer. */
const REPLACE_DATE_MARGIN = 0.1;
/** A run of header words (name, address) is replaced when read this surely, and this much surer. */
const REPLACE_HEADER_AT = 0.9;
const REPLACE_HEADER_MARGIN = 0.1;

/**
 * Merges the row recogniser's reading of a band into the page's words. Each word it read is set
 * against the page words under it. A figure (or date) it read surely where the page reading was
 * doubtful replaces that reading, which stays as an alternative; one it read differently without
 * being surer is kept as an alternative for the extractor to settle by arithmetic; a figure the page
 * reading lost is added. In header rows (the issuer's name and address) a word read surely replaces
 * a doubtful page reading.
 */
export function mergeRecognized(
  band: Band,
  second: readonly RecognizedWord[],
  pageWords: Word[],
): void {
  if (band.kind === 'header') {
    replaceHeaderWords(band.words, second, pageWords);
    return;
  }
  for (const word of second) {
    const under = band.words.filter(
      (w) => pageWords.includes(w) && overlapX(w.box, word.box) > 0.5,
    );
    const shape = band.kind === 'date' ? DATE_SHAPE : AMOUNT_SHAPE;
    if (!shape.test(word.text)) continue;
    const figures = under.filter((w) => /\d/.test(w.text));
    if (!figures.length) {
      const rightOfRow = band.words.every((w) => w.box[2] <= word.box[0]);
      if (
        band.kind === 'money' &&
        rightOfRow &&
        word.confidence >= SURE_RECOVERY &&
        word.weakest >= WEAKEST_CHAR
      )
        pageWords.push({ text: word.text, box: word.box, confidence: word.confidence });
      continue;
    }
    if (figures.map((w) => w.text).join('') === word.text) continue;
    if (band.kind === 'date') {
      replaceIfSurer(word, figures, pageWords, 0, REPLACE_DATE_MARGIN);
      continue;
    }
    if (replaceIfSurer(word, figures, pageWords, REPLACE_FIGURE_AT, REPLACE_FIGURE_MARGIN))
      continue;
    const first = figures.sort((a, b) => overlapX(b.box, word.box) - overlapX(a.box, word.box))[0]!;
    (first.alternatives ??= []).push({ text: word.text, confidence: word.confidence });
  }
}

/**
 * Replaces page words by one word of the second reading when that reading is at least `sure` and
 * `margin` surer than theirs; the page reading stays on it as an alternative. Returns whether it did.
 */
function replaceIfSurer(
  word: RecognizedWord,
  under: Word[],
  pageWords: Word[],
  sure: number,
  margin: number,
): boolean {
  if (!under.length) return false;
  const text = under.map((w) => w.text).join(' ');
  if (text === word.text) return false;
  const confidence = under.reduce((a, w) => a + w.confidence, 0) / under.length;
  if (word.confidence < sure || word.confidence <= confidence + margin) return false;
  if (word.weakest < WEAKEST_CHAR) return false;
  const [first, ...rest] = under as [Word, ...Word[]];
  first.alternatives = [...(first.alternatives ?? []), { text, confidence }];
  first.text = word.text;
  first.confidence = word.confidence;
  first.box = [
    Math.min(first.box[0], word.box[0]),
    Math.min(first.box[1], word.box[1]),
    Math.max(first.box[2], word.box[2]),
    Math.max(first.box[3], word.box[3]),
  ];
  for (const w of rest) pageWords.splice(pageWords.indexOf(w), 1);
  return true;
}

/**
 * Header rows: the page words and the recogniser's words are matched up in runs that cover the same
 * stretch of the row (one page word read as two, or two as one), and a run the recogniser read
 * surely, and more surely than the page reading, replaces the page's words.
 */
function replaceHeaderWords(
  rowWords: readonly Word[],
  second: readonly RecognizedWord[],
  pageWords: Word[],
): void {
  const first = rowWords.filter((w) => pageWords.includes(w));
  for (const run of overlappingRuns(first, second)) {
    if (!run.first.length || !run.second.length) continue;
    const before = run.first.map((w) => w.text).join(' ');
    const after = run.second.map((w) => w.text).join(' ');
    if (before === after) continue;
    const mean = (ws: readonly Word[]) => ws.reduce((a, w) => a + w.confidence, 0) / ws.length;
    const sure = mean(run.second);
    if (sure < REPLACE_HEADER_AT || sure <= mean(run.first) + REPLACE_HEADER_MARGIN) continue;
    if (Math.min(...run.second.map((w) => w.weakest)) < WEAKEST_CHAR) continue;
    const at = pageWords.indexOf(run.first[0]!);
    for (const w of run.first) pageWords.splice(pageWords.indexOf(w), 1);
    pageWords.splice(
      at,
      0,
      ...run.second.map((w) => ({ text: w.text, box: w.box, confidence: w.confidence })),
    );
  }
}

/** Groups two readings of one row into runs of words that overlap each other across the row. */
function overlappingRuns<A extends Word, B extends Word>(
  first: readonly A[],
  second: readonly B[],
): { first: A[]; second: B[] }[] {
  const items = [
    ...first.map((w) => ({ w, side: 0 as const })),
    ...second.map((w) => ({ w, side: 1 as const })),
  ].sort((a, b) => a.w.box[0] - b.w.box[0]);
  const runs: { first: A[]; second: B[]; right: number }[] = [];
  for (const { w, side } of items) {
    const run = runs[runs.length - 1];
    // the next word belongs to the run when it starts before the run's words end (less a sliver)
    const sliver = 0.2 * (w.box[2] - w.box[0]);
    if (run && w.box[0] < run.right - sliver) {
      if (side === 0) run.first.push(w);
      else run.second.push(w);
      run.right = Math.max(run.right, w.box[2]);
    } else {
      runs.push(
        side === 0
          ? { first: [w], second: [], right: w.box[2] }
          : { first: [], second: [w], right: w.box[2] },
      );
    }
  }
  return runs;
}
