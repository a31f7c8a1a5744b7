/**
 * Extraction accuracy benchmark: reads every document of a folder that has a `.gt.json` beside it, extracts with a
 * schema matching the ground-truth keys (or --preset / --schema), and prints per-field accuracy, accuracy per
 * confidence band, pages per second and peak RSS.
 *
 *   npx tsx bench/extraction-accuracy.ts <folder> [--preset invoice|receipt|handwritten_log | --schema type.json] [--json]
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  PRESETS,
  type FieldDefinition,
  type PresetKey,
  type TableDefinition,
} from '@parser/contracts';
import {
  extractBySchema,
  readDocument,
  terminateOcr,
  parseAmount,
  parseDate,
} from '@parser/extraction';

type Schema = { fields: FieldDefinition[]; tables: TableDefinition[] };

const GT_FIELDS: Record<string, FieldDefinition> = {
  company: { key: 'company', label: 'Company', type: 'string' },
  issuer: { key: 'issuer', label: 'Vendor', type: 'string' },
  vendor: { key: 'vendor', label: 'Vendor', type: 'string' },
  address: { key: 'address', label: 'Address', type: 'string' },
  date: { key: 'date', label: 'Date', type: 'date' },
  total: { key: 'total', label: 'Total', type: 'currency' },
  amount: { key: 'amount', label: 'Total Amount', type: 'currency' },
  invoice_number: { key: 'invoice_number', label: 'Invoice Number', type: 'string' },
  currency: { key: 'currency', label: 'Currency', type: 'string' },
};

/** Ground-truth key → schema field key when a preset or schema file names them differently. */
const ALIASES: Record<string, string[]> = {
  company: ['merchant', 'vendor_name', 'vendor', 'company'],
  issuer: ['vendor_name', 'merchant', 'vendor', 'issuer'],
  date: ['invoice_date', 'purchase_datetime', 'date'],
  total: ['total', 'amount'],
  amount: ['total', 'amount'],
  invoice_number: ['invoice_number'],
};

const normText = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s,]+/g, '')
    .replace(/[.]+$/, '');

function same(
  kind: FieldDefinition['type'],
  expected: string,
  got: string | number | boolean | null | undefined,
): boolean {
  if (got === null || got === undefined || got === '') return false;
  if (kind === 'date') {
    const e = /^\d{4}-\d{2}-\d{2}$/.test(expected) ? expected : parseDate(expected, 'dmy');
    return e !== null && e === String(got);
  }
  if (kind === 'currency' || kind === 'number') {
    const e = parseAmount(expected);
    const g = typeof got === 'number' ? got : parseAmount(String(got));
    return e !== null && g !== null && Math.abs(e - g) < 0.005;
  }
  return normText(expected) === normText(String(got));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const folder = args.find(
    (a) =>
      !a.startsWith('--') &&
      args[args.indexOf(a) - 1] !== '--preset' &&
      args[args.indexOf(a) - 1] !== '--schema',
  );
  if (!folder) {
    console.error(
      'usage: tsx bench/extraction-accuracy.ts <folder> [--preset X | --schema file.json] [--json] [--verbose]',
    );
    process.exit(2);
  }
  const preset = args.includes('--preset')
    ? (args[args.indexOf('--preset') + 1] as PresetKey)
    : undefined;
  const schemaFile = args.includes('--schema') ? args[args.indexOf('--schema') + 1] : undefined;
  const verbose = args.includes('--verbose');
  let given: Schema | undefined;
  if (preset) {
    const p = PRESETS[preset];
    if (!p) throw new Error(`unknown preset ${preset}`);
    given = { fields: p.fields, tables: p.tables };
  } else if (schemaFile) {
    const s = JSON.parse(await readFile(schemaFile, 'utf8')) as Partial<Schema>;
    given = { fields: s.fields ?? [], tables: s.tables ?? [] };
  }

  const names = (await readdir(folder)).filter((f) => f.endsWith('.gt.json')).sort();
  const perField = new Map<string, { ok: number; n: number }>();
  const bands = [
    { name: '>=0.8', lo: 0.8, hi: 1.01, ok: 0, n: 0 },
    { name: '0.6-0.8', lo: 0.6, hi: 0.8, ok: 0, n: 0 },
    { name: '<0.6', lo: -1, hi: 0.6, ok: 0, n: 0 },
  ];
  let pages = 0;
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  let docs = 0;
  for (const gtName of names) {
    const base = gtName.replace(/\.gt\.json$/, '');
    const docName = (await readdir(folder)).find(
      (f) => f.startsWith(`${base}.`) && !f.endsWith('.gt.json'),
    );
    if (!docName) continue;
    const gt = JSON.parse(await readFile(path.join(folder, gtName), 'utf8')) as Record<
      string,
      unknown
    >;
    const gtKeys = Object.keys(gt).filter((k) => typeof gt[k] === 'string' && GT_FIELDS[k]);
    const schema: Schema = given ?? {
      fields: gtKeys.map((k) => GT_FIELDS[k] as FieldDefinition),
      tables: [],
    };
    const doc = await readDocument(await readFile(path.join(folder, docName)), docName);
    pages += doc.pages.length;
    docs++;
    const result = extractBySchema(doc, schema);
    for (const k of gtKeys) {
      const def = GT_FIELDS[k] as FieldDefinition;
      const key = given ? (ALIASES[k] ?? [k]).find((a) => a in result.fields) : k;
      if (!key) continue;
      const got = result.fields[key];
      const ok = same(def.type, String(gt[k]), got?.value);
      const conf = got?.value === null || got?.value === undefined ? 0 : (got?.confidence ?? 0);
      const pf = perField.get(k) ?? { ok: 0, n: 0 };
      pf.n++;
      if (ok) pf.ok++;
      perField.set(k, pf);
      const band = bands.find((b) => conf >= b.lo && conf < b.hi);
      if (band) {
        band.n++;
        if (ok) band.ok++;
      }
      if (verbose && !ok)
        console.log(
          `  ✗ ${docName} ${k}: expected ${JSON.stringify(gt[k])} got ${JSON.stringify(got?.value)} (${conf})`,
        );
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  await terminateOcr();
  const pct = (ok: number, n: number) => (n ? `${((100 * ok) / n).toFixed(1)}%` : 'n/a');
  const report = {
    folder,
    documents: docs,
    pages,
    fields: Object.fromEntries(
      [...perField].map(([k, v]) => [
        k,
        { accuracy: v.n ? v.ok / v.n : null, correct: v.ok, total: v.n },
      ]),
    ),
    bands: bands.map((b) => ({
      band: b.name,
      accuracy: b.n ? b.ok / b.n : null,
      correct: b.ok,
      count: b.n,
    })),
    pagesPerSecond: pages / seconds,
    peakRssMb: peakRss / 1024 / 1024,
  };
  if (args.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(`Extraction accuracy — ${folder} (${docs} documents, ${pages} pages)`);
  console.log(
    '\nPer field (exact after normalising case/spaces, dates as dates, amounts as numbers):',
  );
  for (const [k, v] of perField)
    console.log(`  ${k.padEnd(16)} ${pct(v.ok, v.n).padStart(7)}  (${v.ok}/${v.n})`);
  console.log('\nPer confidence band:');
  for (const b of bands)
    console.log(`  ${b.name.padEnd(8)} ${pct(b.ok, b.n).padStart(7)}  (${b.ok}/${b.n} values)`);
  console.log(
    `\nSpeed: ${(pages / seconds).toFixed(2)} pages/s (${seconds.toFixed(1)} s)   Peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
