/**
 * Invoice corpus benchmark: generates the seeded invoice corpus of @parser/test-documents (digital
 * PDFs and scans, 7 languages, 11 layouts) into a temporary folder, or takes an existing corpus
 * folder, extracts every document with the invoice preset (plus a currency field) and prints
 * per-field accuracy, the share of documents whose line items are all exact, accuracy per
 * confidence band, and the same split digital/scanned, per language and per layout.
 *
 *   npm run bench:invoices -- [--count 200] [--seed 7] [--scanned-share 0.5] [--folder <corpus>] [--keep <dir>] [--cache <dir>] [--json] [--verbose]
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { type FieldDefinition, PRESETS } from '@parser/contracts';
import {
  type ExtractedValue,
  type ExtractionResult,
  extractBySchema,
  readDocument,
  terminateOcr,
} from '@parser/extraction';
import { type InvoiceGroundTruth, writeCorpus } from '@parser/test-documents';
import { readWithCache } from './reading-cache.js';

type Kind = 'text' | 'date' | 'amount' | 'code';

/** Ground-truth key → the invoice preset's field key, and how values compare. */
const FIELDS: { truth: keyof InvoiceGroundTruth; field: string; kind: Kind }[] = [
  { truth: 'invoice_number', field: 'invoice_number', kind: 'text' },
  { truth: 'date', field: 'invoice_date', kind: 'date' },
  { truth: 'total', field: 'total', kind: 'amount' },
  { truth: 'vendor', field: 'vendor_name', kind: 'text' },
  { truth: 'subtotal', field: 'subtotal', kind: 'amount' },
  { truth: 'tax', field: 'tax', kind: 'amount' },
  { truth: 'currency', field: 'currency', kind: 'code' },
  { truth: 'due_date', field: 'due_date', kind: 'date' },
  { truth: 'bill_to', field: 'bill_to', kind: 'text' },
  { truth: 'po_number', field: 'po_number', kind: 'text' },
];
/** The fields the issue sets targets for, printed first and in the group tables. */
const HEADLINE = ['invoice_number', 'date', 'total', 'vendor', 'subtotal', 'tax', 'currency'];

const CURRENCY_FIELD: FieldDefinition = { key: 'currency', label: 'Currency', type: 'string' };

// Own small comparer: the accuracy bench's helpers are not exported, and this bench must not
// borrow the engine's parsers to judge the engine's output.
const normText = (value: string): string =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // a typographic apostrophe is the same letter as a straight one ("l’Ouest", "l'Ouest")
    .replace(/[’‘`´]/g, "'")
    .replace(/[\s,]+/g, '')
    .replace(/[.:;]+$/, '');

/** "1.234,56", "1 234,56", "1,234.56", "€ 12,50" → number; the last mark before 1–2 digits is decimal. */
function amountOf(value: string | number): number | null {
  if (typeof value === 'number') return value;
  const figure = value.replace(/[^\d.,'\s-]/g, '').replace(/[\s']/g, '');
  const match = /^-?([\d.,]*?)(?:([.,])(\d{1,2}))?$/.exec(figure);
  if (!match) return null;
  const whole = (match[1] ?? '').replace(/[.,]/g, '');
  const parsed = Number(`${whole || '0'}.${match[3] ?? '0'}`);
  return Number.isFinite(parsed) && /\d/.test(figure) ? parsed : null;
}

function same(kind: Kind, expected: string, got: ExtractedValue['value'] | undefined): boolean {
  if (got === null || got === undefined || got === '') return false;
  switch (kind) {
    case 'text':
      return normText(expected) === normText(String(got));
    case 'date':
      return String(got).slice(0, 10) === expected;
    case 'amount': {
      const value = amountOf(typeof got === 'number' ? got : String(got));
      return value !== null && Math.abs(value - Number(expected)) < 0.005;
    }
    case 'code':
      return String(got).trim().toUpperCase() === expected;
  }
}

function linesExact(
  truth: InvoiceGroundTruth,
  result: ExtractionResult,
): { exact: boolean; rows: number; firstMiss?: string } {
  const rows = result.tables.line_items?.rows ?? [];
  let right = 0;
  let firstMiss: string | undefined;
  truth.lines.forEach((line, index) => {
    const row = rows[index];
    if (!row) return;
    if (
      same('text', line.description, row.description?.value) &&
      same('amount', line.qty, row.qty?.value) &&
      same('amount', line.unit_price, row.unit_price?.value) &&
      same('amount', line.amount, row.amount?.value)
    )
      right++;
    else
      firstMiss ??=
        `row ${index + 1} expected ${JSON.stringify([line.description, line.qty, line.unit_price, line.amount])}` +
        ` got ${JSON.stringify([row.description?.value, row.qty?.value, row.unit_price?.value, row.amount?.value])}`;
  });
  const exact = rows.length === truth.lines.length && right === truth.lines.length;
  return { exact, rows: right, ...(firstMiss ? { firstMiss } : {}) };
}

interface Tally {
  ok: number;
  n: number;
}
const tally = (): Tally => ({ ok: 0, n: 0 });
const add = (t: Tally, ok: boolean) => {
  t.n++;
  if (ok) t.ok++;
};
const pct = (t: Tally | undefined) => (t?.n ? `${((100 * t.ok) / t.n).toFixed(1)}%` : 'n/a');

/** Per group (all, digital, scanned, a language, a layout): per-field tallies and line items. */
class Groups {
  readonly byName = new Map<string, Map<string, Tally>>();
  count(group: string, key: string, ok: boolean): void {
    const fields = this.byName.get(group) ?? new Map<string, Tally>();
    this.byName.set(group, fields);
    const t = fields.get(key) ?? tally();
    fields.set(key, t);
    add(t, ok);
  }
  get(group: string, key: string): Tally | undefined {
    return this.byName.get(group)?.get(key);
  }
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      count: { type: 'string', default: '200' },
      seed: { type: 'string', default: '7' },
      'scanned-share': { type: 'string', default: '0.5' },
      folder: { type: 'string' },
      keep: { type: 'string' },
      // readings kept by file hash and reader version: rule changes are measured again in seconds
      cache: { type: 'string' },
      json: { type: 'boolean' },
      verbose: { type: 'boolean' },
    },
  });
  let folder = args.folder;
  let temporary: string | null = null;
  if (!folder) {
    folder = args.keep ?? (temporary = await mkdtemp(path.join(os.tmpdir(), 'invoice-corpus-')));
    const started = performance.now();
    const written = await writeCorpus(folder, Number(args.count), {
      seed: args.seed ?? '7',
      scannedShare: Number(args['scanned-share']),
    });
    console.error(
      `generated ${written.documents} invoices (${written.scanned} scanned, ${written.pages} pages) in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const preset = PRESETS.invoice;
  const schema = { fields: [...preset.fields, CURRENCY_FIELD], tables: preset.tables };
  const files = await readdir(folder);
  const names = files.filter((name) => name.endsWith('.gt.json')).sort();
  const groups = new Groups();
  const bands = [
    { name: '>=0.8', lo: 0.8, hi: 1.01, ...tally() },
    { name: '0.6-0.8', lo: 0.6, hi: 0.8, ...tally() },
    { name: '<0.6', lo: -1, hi: 0.6, ...tally() },
  ];
  const rowTally = tally();
  const misses: string[] = [];
  let pages = 0;
  let failures = 0;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const started = performance.now();
  const seconds = { digital: 0, scanned: 0 };

  for (const gtName of names) {
    const base = gtName.replace(/\.gt\.json$/, '');
    const documentName = files.find((name) => name.startsWith(`${base}.`) && name !== gtName);
    if (!documentName) continue;
    const truth = JSON.parse(
      await readFile(path.join(folder, gtName), 'utf8'),
    ) as InvoiceGroundTruth;
    const meta = truth.meta;
    const groupNames = [
      'all',
      meta.scanned ? 'scanned' : 'digital',
      `lang:${meta.language}`,
      `layout:${meta.layout}`,
    ];
    const docStarted = performance.now();
    let result: ExtractionResult = { fields: {}, tables: {} };
    try {
      const bytes = await readFile(path.join(folder, documentName));
      const document = args.cache
        ? (await readWithCache(bytes, documentName, args.cache))!.doc
        : await readDocument(bytes, documentName);
      pages += document.pages.length;
      result = extractBySchema(document, schema);
    } catch (error) {
      failures++;
      misses.push(`  ! ${documentName}: ${error instanceof Error ? error.message : String(error)}`);
    }
    seconds[meta.scanned ? 'scanned' : 'digital'] += (performance.now() - docStarted) / 1000;

    for (const { truth: key, field, kind } of FIELDS) {
      const expected = truth[key];
      if (typeof expected !== 'string') continue;
      const got = result.fields[field];
      const ok = same(kind, expected, got?.value);
      for (const group of groupNames) groups.count(group, key, ok);
      const confidence = got?.value === null || got?.value === undefined ? 0 : got.confidence;
      const band = bands.find((b) => confidence >= b.lo && confidence < b.hi);
      if (band) add(band, ok);
      if (!ok)
        misses.push(
          `  ✗ ${documentName} [${meta.layout} ${meta.country}${meta.scanned ? ' scan' : ''}] ${key}: ` +
            `expected ${JSON.stringify(expected)} got ${JSON.stringify(got?.value ?? null)} (${confidence.toFixed(2)})`,
        );
    }
    const lines = linesExact(truth, result);
    rowTally.n += truth.lines.length;
    rowTally.ok += lines.rows;
    for (const group of groupNames) groups.count(group, 'lines', lines.exact);
    if (!lines.exact)
      misses.push(
        `  ✗ ${documentName} [${meta.layout} ${meta.country}${meta.scanned ? ' scan' : ''}] lines: ` +
          `${lines.rows}/${truth.lines.length} rows exact, ${result.tables.line_items?.rows.length ?? 0} rows found` +
          (lines.firstMiss ? `; ${lines.firstMiss}` : ''),
      );
  }
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await terminateOcr();
  if (temporary) await rm(temporary, { recursive: true, force: true });

  const documents = groups.get('all', 'total')?.n ?? 0;
  const columns = [...HEADLINE, 'lines'];
  const report = {
    folder: args.folder ?? null,
    seed: args.folder ? null : args.seed,
    documents,
    pages,
    failures,
    groups: Object.fromEntries(
      [...groups.byName].map(([group, fields]) => [
        group,
        Object.fromEntries(
          [...fields].map(([key, t]) => [key, { accuracy: t.n ? t.ok / t.n : null, ...t }]),
        ),
      ]),
    ),
    rowAccuracy: rowTally.n ? rowTally.ok / rowTally.n : null,
    bands: bands.map((b) => ({
      band: b.name,
      accuracy: b.n ? b.ok / b.n : null,
      correct: b.ok,
      count: b.n,
    })),
    secondsPerDocument: {
      digital: seconds.digital / (groups.get('digital', 'total')?.n || 1),
      scanned: seconds.scanned / (groups.get('scanned', 'total')?.n || 1),
    },
    peakRssMb: peakRss / 1024 / 1024,
  };
  if (args.verbose) console.log(misses.join('\n'));
  if (args.json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const source = args.folder ? args.folder : `seed ${args.seed}, ${args['scanned-share']} scanned`;
  console.log(
    `Invoice corpus — ${source}: ${documents} documents, ${pages} pages, ${failures} unreadable`,
  );
  console.log(
    '\nPer field (strings after normalising case/spaces/accents, ISO dates, amounts as numbers):',
  );
  for (const { truth: key } of FIELDS)
    console.log(
      `  ${key.padEnd(16)} ${pct(groups.get('all', key)).padStart(7)}  (${groups.get('all', key)?.ok ?? 0}/${groups.get('all', key)?.n ?? 0})`,
    );
  console.log(
    `  ${'lines all exact'.padEnd(16)} ${pct(groups.get('all', 'lines')).padStart(7)}  (documents; rows exact ${pct(rowTally)})`,
  );
  console.log('\nPer confidence band:');
  for (const b of bands)
    console.log(`  ${b.name.padEnd(8)} ${pct(b).padStart(7)}  (${b.ok}/${b.n} values)`);

  const groupRows = [...groups.byName.keys()]
    .filter((g) => g !== 'all')
    .sort((a, b) => {
      const rank = (g: string) =>
        g === 'digital' ? 0 : g === 'scanned' ? 1 : g.startsWith('lang:') ? 2 : 3;
      return rank(a) - rank(b) || a.localeCompare(b);
    });
  console.log(
    `\n${'group'.padEnd(28)}${columns.map((c) => c.slice(0, 9).padStart(10)).join('')}   docs`,
  );
  for (const group of ['all', ...groupRows])
    console.log(
      `${group.padEnd(28)}${columns.map((c) => pct(groups.get(group, c)).padStart(10)).join('')}   ${groups.get(group, 'total')?.n ?? 0}`,
    );
  console.log(
    `\nTime per document: digital ${(report.secondsPerDocument.digital * 1000).toFixed(0)} ms, scanned ` +
      `${report.secondsPerDocument.scanned.toFixed(2)} s (reading + extraction, ${elapsed.toFixed(0)} s in all)   ` +
      `Peak RSS: ${report.peakRssMb.toFixed(0)} MB`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
