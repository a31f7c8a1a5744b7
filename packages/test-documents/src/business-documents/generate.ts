/**
 * The seeded corpus of business documents (kinds other than invoices and receipts): document
 * `index` of a seed and split is always the same file. Kinds take turns, then languages, then the
 * split's arrangements, so a run of `perKind` documents per kind visits every language of each
 * kind once `perKind` reaches seven.
 */
import { COUNTRIES } from '../corpus/countries.js';
import { LANGUAGES } from '../corpus/languages.js';
import type { DrawnPage, PagePainter } from '../corpus/page-model.js';
import { type Random, seededRandom } from '../corpus/random.js';
import { renderPdf } from '../corpus/render-pdf.js';
import { imagePdf, jpegToPng, scanPage, scanSettings } from '../corpus/render-scan.js';
import { CONTENT_TYPES, type GeneratedDocument } from '../document.js';
import { drawDocument } from './arrangements/page.js';
import { Composer } from './compose.js';
import { KINDS } from './kinds/index.js';
import { type BusinessGroundTruth, KIND_IDS, type KindId, type Split } from './model.js';
import { printStyleOf } from './print-style.js';
import { arrangementsOf, rulingsOf } from './splits.js';
import { PAGE } from './words/terms.js';

export interface BusinessCorpusOptions {
  seed: number | string;
  split: Split;
  /** Share of documents delivered as scans (images or image-only PDFs), 0..1. Default 0.25. */
  scannedShare?: number;
  /** The kinds to generate, in turn; all by default. */
  kinds?: readonly KindId[];
}

export interface BusinessDocument extends GeneratedDocument {
  /** Base name shared by the document and its ground truth, e.g. "payslip-dev-0003". */
  name: string;
  groundTruth: BusinessGroundTruth;
}

const EXTENSIONS = { pdf: 'pdf', jpeg: 'jpg', png: 'png' } as const;

export interface DrawnBusinessDocument {
  name: string;
  page: DrawnPage;
  /** The ground truth, as if delivered digitally. */
  groundTruth: BusinessGroundTruth;
  /** Whether the corpus delivers this one as a scan. */
  scanned: boolean;
  random: Random;
}

/** One document of the corpus, drawn but not yet written as a file. */
export function drawnBusinessDocument(
  index: number,
  options: BusinessCorpusOptions,
): DrawnBusinessDocument {
  const kinds = options.kinds ?? KIND_IDS;
  const kind = kinds[index % kinds.length]!;
  const turn = Math.floor(index / kinds.length);
  const random = seededRandom(`${options.seed}:${options.split}:${kind}:${turn}`);
  const language = LANGUAGES[(turn + kinds.indexOf(kind)) % LANGUAGES.length]!;
  const arrangements = arrangementsOf(kind, options.split);
  const arrangement = arrangements[turn % arrangements.length]!;
  const ruling = random.pick(rulingsOf(kind, options.split));
  const country = random.pick(COUNTRIES.filter((c) => c.language === language));
  const style = printStyleOf(random.fork('style'), country, language);
  const wrappedHeaders = random.chance(0.35);
  const composer = new Composer(
    random.fork('content'),
    language,
    options.split,
    style,
    country,
    wrappedHeaders,
  );
  KINDS[kind].compose(composer);
  if (random.chance(0.5)) composer.notes.push(composer.say(PAGE));

  const family = random.pick(['Helvetica', 'Helvetica', 'Times'] as const);
  const layoutRandom = random.fork('layout');
  const page = drawDocument(
    {
      language,
      title: composer.title,
      issuer: composer.issuer,
      parties: composer.parties,
      // without a table, the sums are printed with the other pairs
      entries: composer.table ? composer.entries : [...composer.entries, ...composer.totals],
      table: composer.table,
      notes: composer.notes,
    },
    { arrangement, ruling, family },
    (painter: PagePainter) => ({
      painter,
      family,
      left: 0,
      right: 0,
      random: layoutRandom,
      language,
      say: (phrasings) => composer.say(phrasings),
    }),
  );

  const name = `${kind.replace(/_/g, '-')}-${options.split}-${String(turn + 1).padStart(4, '0')}`;
  return {
    name,
    page,
    scanned: random.fork('scan?').chance(options.scannedShare ?? 0.25),
    random,
    groundTruth: {
      kind,
      language,
      country: country.code,
      split: options.split,
      arrangement,
      ruling,
      wrappedHeaders,
      scanned: false,
      format: 'pdf',
      pages: 1,
      schema: composer.schema,
      fields: composer.fields,
      tables: composer.tables,
      distractors: composer.distractors,
    },
  };
}

/** One document of the corpus: a digital PDF, or a scan as an image or an image-only PDF. */
export async function businessDocument(
  index: number,
  options: BusinessCorpusOptions,
): Promise<BusinessDocument> {
  const { name, page, scanned, random, groundTruth } = drawnBusinessDocument(index, options);
  let bytes: Uint8Array;
  let format: 'pdf' | 'jpeg' | 'png' = 'pdf';
  if (!scanned) bytes = await renderPdf([page]);
  else {
    const scanRandom = random.fork('scan');
    const scan = await scanPage(page, scanSettings(scanRandom), scanRandom);
    const roll = scanRandom.next();
    if (roll < 0.4) {
      format = 'jpeg';
      bytes = scan;
    } else if (roll < 0.5) {
      format = 'png';
      bytes = await jpegToPng(scan);
    } else bytes = await imagePdf([scan]);
  }
  return {
    name,
    bytes,
    fileName: `${name}.${EXTENSIONS[format]}`,
    contentType: CONTENT_TYPES[format],
    groundTruth: { ...groundTruth, scanned, format },
  };
}

/** `perKind` documents of every kind of a split, one at a time (scans are large). */
export async function* generateBusinessDocuments(
  perKind: number,
  options: BusinessCorpusOptions,
): AsyncGenerator<BusinessDocument> {
  const kinds = options.kinds ?? KIND_IDS;
  for (let index = 0; index < perKind * kinds.length; index++)
    yield await businessDocument(index, options);
}
