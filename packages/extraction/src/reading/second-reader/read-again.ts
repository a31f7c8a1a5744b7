import type { Box, Word } from '../../document.js';
import { unionBoxes } from '../layout.js';
import { loadSharp } from '../on-demand.js';
import { spanBounds } from '../ppocr/geometry.js';
import type { GreyImage } from '../ppocr/grey-image.js';
import type { ReadRow } from '../ppocr/page-reader.js';
import { pageLanguage } from './page-language.js';
import type { ReaderLanguage } from './reader-languages.js';
import { reconcileRow } from './reconcile-row.js';
import { secondReaderPool, type SecondWord } from './second-reader-pool.js';

/**
 * A word whose least sure glyph is below this was a close call for the first reader (the
 * calibration's line between clear and doubtful readings).
 */
const DOUBTFUL_GLYPH = 0.93;
/**
 * On an English page only rows in this top share of the page are read again: the issuer's name,
 * address and the document's identifiers stand there; item rows and totals below have their own
 * check in the arithmetic.
 */
const HEADER_SHARE = 0.4;
/** At most this many rows of a page are read again, so a dense page's cost stays bounded. */
const MAX_ROWS = 60;
/** Rows closer than this many row heights are read in one crop. */
const BAND_GAP = 1.5;
/** The second reader reads best with rows about this tall (pixels); smaller crops are enlarged. */
const ROW_PIXELS = 32;
const MAX_ENLARGEMENT = 3;

const LETTERS = /\p{L}.*\p{L}/u;

/** The row's extent on the page, axis-aligned. */
const boundsOf = (row: ReadRow): Box => spanBounds(row.rect, 0, 1);

const isDoubtful = (w: Word): boolean =>
  LETTERS.test(w.text) &&
  ((w.leastGlyph ?? w.confidence) < DOUBTFUL_GLYPH || (w.alternatives?.length ?? 0) > 0);

/**
 * The rows worth a second reading. On a page in a language with accented letters, every row with
 * a word: the first reader's alphabet has no ç, ã, ß, ñ…, so any word may have lost one. On an
 * English page, the rows of the page's head that hold a doubtful word (names, addresses,
 * identifiers).
 */
export function rowsToReadAgain(
  rows: readonly ReadRow[],
  language: ReaderLanguage,
  pageHeight: number,
): ReadRow[] {
  const chosen =
    language === 'en'
      ? rows.filter((r) => r.rect.cy < HEADER_SHARE * pageHeight && r.words.some(isDoubtful))
      : rows.filter((r) => r.words.some((w) => LETTERS.test(w.text)));
  return chosen.slice(0, MAX_ROWS);
}

/** Rows grouped into bands of neighbouring rows, each band read as one crop. */
export function bandsOf(rows: readonly ReadRow[]): ReadRow[][] {
  const sorted = [...rows].sort((a, b) => boundsOf(a)[1] - boundsOf(b)[1]);
  const bands: ReadRow[][] = [];
  let bottom = -Infinity;
  for (const row of sorted) {
    const [, top, , end] = boundsOf(row);
    const band = bands[bands.length - 1];
    if (band && top - bottom < BAND_GAP * row.rect.height) {
      band.push(row);
      bottom = Math.max(bottom, end);
    } else {
      bands.push([row]);
      bottom = end;
    }
  }
  return bands;
}

/** A part of the page, enlarged so its rows are about ROW_PIXELS tall. */
async function cropOf(
  image: GreyImage,
  box: Box,
  rowHeight: number,
): Promise<{ crop: GreyImage; left: number; top: number; scale: number }> {
  const left = Math.max(0, Math.floor(box[0]));
  const top = Math.max(0, Math.floor(box[1]));
  const width = Math.max(1, Math.min(image.width, Math.ceil(box[2])) - left);
  const height = Math.max(1, Math.min(image.height, Math.ceil(box[3])) - top);
  const scale = Math.min(MAX_ENLARGEMENT, Math.max(1, ROW_PIXELS / Math.max(1, rowHeight)));
  const sharp = await loadSharp();
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .extract({ left, top, width, height })
    .resize({ width: Math.round(width * scale), height: Math.round(height * scale) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  const grey =
    channels === 1
      ? new Uint8Array(data)
      : Uint8Array.from({ length: info.width * info.height }, (_, i) => data[i * channels]!);
  return { crop: { data: grey, width: info.width, height: info.height }, left, top, scale };
}

/** The row a word of the second reader lies on: the one holding its centre, nearest in height. */
function rowOf(word: SecondWord, rows: readonly ReadRow[]): ReadRow | undefined {
  const x = (word.box[0] + word.box[2]) / 2;
  const y = (word.box[1] + word.box[3]) / 2;
  let best: ReadRow | undefined;
  let bestDistance = Infinity;
  for (const row of rows) {
    const [x0, y0, x1, y1] = boundsOf(row);
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    const distance = Math.abs(y - row.rect.cy);
    if (distance < bestDistance) {
      best = row;
      bestDistance = distance;
    }
  }
  return best;
}

/** Reads one band of rows again and reconciles each of its rows with what it read. */
async function readBand(image: GreyImage, band: readonly ReadRow[], language: ReaderLanguage) {
  const heights = band.map((r) => r.rect.height).sort((a, b) => a - b);
  const rowHeight = heights[Math.floor(heights.length / 2)]!;
  // a third of a row's height beyond its detected ends: the detector's boxes end tight on the last
  // stroke it is sure of, and a comma or period at a row's end fell outside them
  const margin = 0.3 * rowHeight;
  const [x0, y0, x1, y1] = unionBoxes(band.map(boundsOf));
  const { crop, left, top, scale } = await cropOf(
    image,
    [x0 - margin, y0 - margin, x1 + margin, y1 + margin],
    rowHeight,
  );
  const read = await secondReaderPool.readText(crop, language);
  const onPage = read.map((w) => ({
    ...w,
    box: [
      left + w.box[0] / scale,
      top + w.box[1] / scale,
      left + w.box[2] / scale,
      top + w.box[3] / scale,
    ] as Box,
  }));
  const byRow = new Map<ReadRow, SecondWord[]>();
  for (const word of onPage) {
    const row = rowOf(word, band);
    if (row) byRow.set(row, [...(byRow.get(row) ?? []), word]);
  }
  for (const row of band) {
    const seconds = byRow.get(row);
    if (seconds) row.words = reconcileRow(row.words, seconds);
  }
}

/**
 * A second, independent reading of the rows of a page where the first reading may be wrong or
 * short of letters (rowsToReadAgain), by tesseract in the page's language. The rows' words are
 * updated in place: agreement raises a word to a clear reading, disagreement marks it doubtful and
 * offers the other reading, accents the first reader cannot see are taken from the second, and
 * words split by wide glyph gaps are joined where the second read one word. Answers the language
 * the page was read in.
 */
export async function readAgain(
  image: GreyImage,
  rows: ReadRow[],
): Promise<{ language: ReaderLanguage; rowsRead: number }> {
  const language = pageLanguage(rows.flatMap((r) => r.words));
  const chosen = rowsToReadAgain(rows, language, image.height);
  for (const band of bandsOf(chosen)) await readBand(image, band, language);
  return { language, rowsRead: chosen.length };
}
