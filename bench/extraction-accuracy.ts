/**
 * Extraction accuracy benchmark: reads every document with a `.gt.json` beside it in one or more
 * folders (sorted together by file name; `--half dev|check` keeps the even or odd positions),
 * extracts with a schema matching the ground-truth keys (or --preset / --schema), and prints
 * per-field accuracy, the calibration table (accuracy per confidence band), the share of values at
 * ≥0.8, pages per second and peak RSS; with a table of item lines in the schema (the receipt preset's
 * items) and `lines` in the ground truth, the share of documents whose every row is exact.
 *
 *   npx tsx bench/extraction-accuracy.ts <folder>… [--half dev|check] [--cache <dir>]
 *     [--preset invoice|receipt|handwritten_log | --schema type.json] [--signals out.jsonl] [--json] [--verbose]
 *     [--einvoice] [--accents]
 *
 * `--accents`: a text value is right only with its accents as in the truth ("Construções", not
 * "Construcoes"); by default accents are compared away.
 *
 * Values are read from the page alone unless `--einvoice` is given: then a file's e-invoice XML
 * (a Factur-X / ZUGFeRD PDF's attachment) gives its values, as in the pipeline.
 *
 * With LLM_BASE_URL and LLM_MODEL set (as for the server; LLM_API_KEY, LLM_VISION_MODEL,
 * LLM_TIMEOUT_S and LLM_MAX_CONCURRENCY too), every document is also read by the model after the
 * offline engine, as the pipeline does, and the per-field accuracy of both is printed side by side
 * with the model's fallbacks, tokens and answer time.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import {
  PRESETS,
  type FieldDefinition,
  type PresetKey,
  type TableDefinition,
} from '@parser/contracts';
import {
  type ExtractionResult,
  extractBySchema,
  extractWithSignals,
  terminateOcr,
} from '@parser/extraction';
import { loadConfig } from '../apps/server/src/config.js';
import { aiModelSettingsFrom } from '../apps/server/src/modules/ai-model/ai-model-settings.js';
import { ModelCallError, ModelClient } from '../apps/server/src/modules/ai-model/model-client.js';
import { readWithModel } from '../apps/server/src/modules/ai-model/read-with-model.js';
import type { PipelineDocType } from '../apps/server/src/modules/pipelines/pipeline-ports.js';
import { GT_FIELDS, listDocuments, normText, same, type Half } from './extraction-dataset.js';
import { readWithCache } from './reading-cache.js';

type Schema = { fields: FieldDefinition[]; tables: TableDefinition[] };

/** Ground-truth key → schema field key when a preset or schema file names them differently. */
const ALIASES: Record<string, string[]> = {
  company: ['merchant', 'vendor_name', 'vendor', 'company'],
  issuer: ['vendor_name', 'merchant', 'vendor', 'issuer'],
  date: ['invoice_date', 'purchase_datetime', 'date'],
  total: ['total', 'amount'],
  amount: ['total', 'amount'],
  invoice_number: ['invoice_number'],
};

/**
 * Whether two texts differ only in the punctuation between their parts: the receipts' ground truth
 * writes a period where the print has a comma, and the other way round (one shop's printed address
 * is transcribed three ways on three receipts), so the share right with both read alike is printed
 * beside the exact one.
 */
const sameButSeparators = (expected: string, got: string): boolean => {
  const loose = (t: string) => normText(t.replace(/[.;:](?=\s|$)/g, ','));
  return loose(expected) === loose(got);
};

/** A text with its accents kept, as `normText` compares otherwise (a typographic apostrophe as '). */
const withAccentsKept = (t: string): string =>
  t
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[\s,]+/g, '')
    .replace(/[.]+$/, '');

/** A receipt's item line as the receipt corpus's ground truth gives it. */
interface TruthLine {
  description: string;
  qty: string;
  unit_price: string;
}

/**
 * The item lines of a document against its ground truth, row by row in order: name, quantity and
 * unit price (the receipt preset's columns). Null when the schema has no such table or the ground
 * truth no lines.
 */
function itemLinesOf(
  result: ExtractionResult,
  schema: Schema,
  lines: unknown,
): {
  exact: boolean;
  right: number;
  total: number;
  firstMiss: string | null;
  /** Each cell of the rows the ground truth has, with its confidence and whether it is right. */
  cells: { confidence: number; ok: boolean }[];
} | null {
  const table = schema.tables.find((t) => ['items', 'line_items'].includes(t.key));
  if (!table || !Array.isArray(lines)) return null;
  const column = (...keys: string[]) => table.columns.find((c) => keys.includes(c.key))?.key;
  const name = column('name', 'description');
  const qty = column('qty', 'quantity');
  const price = column('price', 'unit_price');
  if (!name || !qty || !price) return null;
  const rows = result.tables[table.key]?.rows ?? [];
  const truth = lines as TruthLine[];
  const isRight = (line: TruthLine, i: number): boolean => {
    const row = rows[i];
    return (
      row !== undefined &&
      same('string', line.description, row[name]?.value) &&
      same('number', line.qty, row[qty]?.value) &&
      same('currency', line.unit_price, row[price]?.value)
    );
  };
  const right = truth.filter(isRight).length;
  const cells = truth.flatMap((line, i) => {
    const row = rows[i];
    if (!row) return [];
    const checks: [string, FieldDefinition['type'], string][] = [
      [name, 'string', line.description],
      [qty, 'number', line.qty],
      [price, 'currency', line.unit_price],
    ];
    return checks.flatMap(([key, type, expected]) => {
      const cell = row[key];
      if (!cell || cell.value === null) return [];
      return [{ confidence: cell.confidence, ok: same(type, expected, cell.value) }];
    });
  });
  const missAt = truth.findIndex((line, i) => !isRight(line, i));
  const shown = (i: number): string => {
    const row = rows[i];
    if (!row) return 'no row';
    return [name, qty, price].map((key) => JSON.stringify(row[key]?.value ?? null)).join(' | ');
  };
  const miss = truth[missAt];
  return {
    exact: rows.length === truth.length && right === truth.length,
    right,
    total: truth.length,
    cells,
    firstMiss: miss
      ? `row ${missAt + 1}: expected "${miss.description}" | ${miss.qty} | ${miss.unit_price}, got ${shown(missAt)}`
      : rows.length > truth.length
        ? `${rows.length - truth.length} extra rows, first ${shown(truth.length)}`
        : null,
  };
}

const OPTIONS_WITH_VALUE = new Set(['--preset', '--schema', '--half', '--cache', '--signals']);

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Bands of the calibration table: the three product bands, then tenths for the fit. */
const BANDS = [
  { name: '>=0.8', lo: 0.8, hi: 1.01 },
  { name: '0.6-0.8', lo: 0.6, hi: 0.8 },
  { name: '<0.6', lo: -1, hi: 0.6 },
];
const TENTHS = Array.from({ length: 10 }, (_, i) => ({
  name: `${(i / 10).toFixed(1)}-${((i + 1) / 10).toFixed(1)}`,
  lo: i === 0 ? -1 : i / 10,
  hi: i === 9 ? 1.01 : (i + 1) / 10,
}));

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const folders = args.filter(
    (a, i) => !a.startsWith('--') && !OPTIONS_WITH_VALUE.has(args[i - 1] ?? ''),
  );
  const half = option(args, '--half') as Half | undefined;
  if (!folders.length || (half && half !== 'dev' && half !== 'check')) {
    console.error(
      'usage: tsx bench/extraction-accuracy.ts <folder>… [--half dev|check] [--cache dir [--cached-only]] [--preset X | --schema file.json] [--signals out.jsonl] [--json] [--verbose] [--einvoice] [--accents]',
    );
    process.exit(2);
  }
  const preset = option(args, '--preset') as PresetKey | undefined;
  const schemaFile = option(args, '--schema');
  const cacheDir = option(args, '--cache');
  const signalsFile = option(args, '--signals');
  const verbose = args.includes('--verbose');
  // without it the page alone is measured: the embedded XML of a Factur-X / ZUGFeRD PDF is ignored
  const withEInvoice = args.includes('--einvoice');
  const accentsExact = args.includes('--accents');
  // rules iterate on the readings already cached, without waiting for OCR of the rest
  const cachedOnly = args.includes('--cached-only');
  let given: Schema | undefined;
  if (preset) {
    const p = PRESETS[preset];
    if (!p) throw new Error(`unknown preset ${preset}`);
    given = { fields: p.fields, tables: p.tables };
  } else if (schemaFile) {
    const s = JSON.parse(await readFile(schemaFile, 'utf8')) as Partial<Schema>;
    given = { fields: s.fields ?? [], tables: s.tables ?? [] };
  }
  if (signalsFile) await writeFile(signalsFile, '');

  const modelSettings = aiModelSettingsFrom(loadConfig(process.env));
  const modelClient = modelSettings ? new ModelClient(modelSettings) : undefined;
  const modelPerField = new Map<string, { ok: number; n: number }>();
  const modelRun = { used: 0, fallbacks: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0 };
  const documents = await listDocuments(folders, half);
  let read = 0;
  const perField = new Map<
    string,
    { ok: number; n: number; confident: number; separatorsAside: number }
  >();
  const items = {
    documents: 0,
    exact: 0,
    rows: 0,
    rowsRight: 0,
    confident: 0,
    confidentRight: 0,
    cells: 0,
  };
  const count = (list: { lo: number; hi: number; name: string }[]) =>
    list.map((b) => ({ ...b, ok: 0, n: 0 }));
  const bands = count(BANDS);
  const tenths = count(TENTHS);
  let pages = 0;
  let cached = 0;
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  for (const d of documents) {
    const gt = JSON.parse(await readFile(d.truth, 'utf8')) as Record<string, unknown>;
    const gtKeys = Object.keys(gt).filter((k) => typeof gt[k] === 'string' && GT_FIELDS[k]);
    const schema: Schema = given ?? {
      fields: gtKeys.map((k) => GT_FIELDS[k] as FieldDefinition),
      tables: [],
    };
    const reading = await readWithCache(await readFile(d.file), d.name, cacheDir, cachedOnly);
    if (!reading) continue;
    if (reading.hit) cached++;
    const doc = reading.doc;
    read++;
    pages += doc.pages.length;
    const { result, signals } = extractWithSignals(doc, schema);
    // As the pipeline extracts: the e-invoice a file carries overlays the page's values.
    if (withEInvoice && doc.einvoice) Object.assign(result, extractBySchema(doc, schema));
    // The model's pass, as the pipeline runs it; a failure keeps the offline result.
    let withModel = result;
    if (modelClient) {
      try {
        const reading = await readWithModel({
          client: modelClient,
          docType: benchDocType(schema),
          doc,
          fileName: d.name,
          offline: result,
        });
        withModel = reading.merged;
        modelRun.used++;
        modelRun.inputTokens += reading.usage.inputTokens;
        modelRun.outputTokens += reading.usage.outputTokens;
        modelRun.latencyMs += reading.latencyMs;
      } catch (error) {
        if (!(error instanceof ModelCallError)) throw error;
        modelRun.fallbacks++;
        modelRun.latencyMs += error.latencyMs;
        if (verbose) console.log(`  ! ${d.name}: ${error.message}`);
      }
    }
    const lines = itemLinesOf(result, schema, gt.lines);
    if (lines) {
      items.documents++;
      if (lines.exact) items.exact++;
      items.rows += lines.total;
      items.rowsRight += lines.right;
      items.cells += lines.cells.length;
      for (const cell of lines.cells.filter((c) => c.confidence >= 0.8)) {
        items.confident++;
        if (cell.ok) items.confidentRight++;
      }
      if (verbose && !lines.exact)
        console.log(
          `  ✗ ${d.name} item lines: ${lines.right}/${lines.total} rows exact; ${lines.firstMiss}`,
        );
    }
    for (const k of gtKeys) {
      const def = GT_FIELDS[k] as FieldDefinition;
      const key = given ? (ALIASES[k] ?? [k]).find((a) => a in result.fields) : k;
      if (!key) continue;
      const got = result.fields[key];
      const ok =
        same(def.type, String(gt[k]), got?.value) &&
        (!accentsExact ||
          def.type !== 'string' ||
          withAccentsKept(String(gt[k])) === withAccentsKept(String(got?.value)));
      const conf = got?.value === null || got?.value === undefined ? 0 : (got?.confidence ?? 0);
      const pf = perField.get(k) ?? { ok: 0, n: 0, confident: 0, separatorsAside: 0 };
      pf.n++;
      if (ok) pf.ok++;
      const text = def.type === 'string' && typeof got?.value === 'string' ? got.value : null;
      if (ok || (text !== null && sameButSeparators(String(gt[k]), text))) pf.separatorsAside++;
      if (conf >= 0.8) pf.confident++;
      perField.set(k, pf);
      for (const list of [bands, tenths]) {
        const band = list.find((b) => conf >= b.lo && conf < b.hi);
        if (band) {
          band.n++;
          if (ok) band.ok++;
        }
      }
      if (modelClient) {
        const mf = modelPerField.get(k) ?? { ok: 0, n: 0 };
        mf.n++;
        if (same(def.type, String(gt[k]), withModel.fields[key]?.value)) mf.ok++;
        modelPerField.set(k, mf);
      }
      const signal = signals[key];
      if (signalsFile && signal && got?.value !== null)
        await appendFile(
          signalsFile,
          `${JSON.stringify({ file: d.name, field: k, ok, value: got?.value, ...signal })}\n`,
        );
      if (verbose && !ok)
        console.log(
          `  ✗ ${d.name} ${k}: expected ${JSON.stringify(gt[k])} got ${JSON.stringify(got?.value)} (${conf})`,
        );
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  await terminateOcr();
  const values = bands.reduce((a, b) => a + b.n, 0);
  const confident = bands[0]?.n ?? 0;
  const pct = (ok: number, n: number) => (n ? `${((100 * ok) / n).toFixed(1)}%` : 'n/a');
  const report = {
    folders,
    half: half ?? 'all',
    documents: read,
    pages,
    readingsFromCache: cached,
    fields: Object.fromEntries(
      [...perField].map(([k, v]) => [
        k,
        {
          accuracy: v.n ? v.ok / v.n : null,
          correct: v.ok,
          total: v.n,
          atLeast08: v.confident,
          rightButSeparators: v.separatorsAside - v.ok,
        },
      ]),
    ),
    bands: [...bands, ...tenths].map((b) => ({
      band: b.name,
      accuracy: b.n ? b.ok / b.n : null,
      correct: b.ok,
      count: b.n,
    })),
    shareAtLeast08: values ? confident / values : null,
    ...(items.documents
      ? {
          itemLines: {
            documents: items.documents,
            allExact: items.exact / items.documents,
            rowsExact: items.rows ? items.rowsRight / items.rows : null,
            cellsAtConfident: items.cells ? items.confident / items.cells : null,
            confidentCellsRight: items.confident ? items.confidentRight / items.confident : null,
          },
        }
      : {}),
    pagesPerSecond: pages / seconds,
    peakRssMb: peakRss / 1024 / 1024,
    ...(modelSettings
      ? {
          model: {
            name: modelSettings.model,
            fields: Object.fromEntries(
              [...modelPerField].map(([k, v]) => [
                k,
                { accuracy: v.n ? v.ok / v.n : null, correct: v.ok, total: v.n },
              ]),
            ),
            ...modelRun,
          },
        }
      : {}),
  };
  if (args.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(
    `Extraction accuracy — ${folders.join(' + ')}${half ? ` (${half} half)` : ''} (${read} documents, ${pages} pages, ${cached} readings from cache)${accentsExact ? ', accents exact' : ''}`,
  );
  console.log(
    '\nPer field (exact after normalising case/spaces, dates as dates, amounts as numbers):',
  );
  for (const [k, v] of perField) {
    const separators =
      v.separatorsAside > v.ok
        ? `   with '.' and ',' between parts alike: ${pct(v.separatorsAside, v.n)}`
        : '';
    console.log(
      `  ${k.padEnd(16)} ${pct(v.ok, v.n).padStart(7)}  (${v.ok}/${v.n})   ≥0.8: ${pct(v.confident, v.n)}${separators}`,
    );
  }
  console.log('\nCalibration (right per confidence band):');
  for (const b of [...bands, ...tenths])
    console.log(`  ${b.name.padEnd(8)} ${pct(b.ok, b.n).padStart(7)}  (${b.ok}/${b.n} values)`);
  console.log(`\nValues at ≥0.8: ${pct(confident, values)} (${confident}/${values})`);
  if (items.documents)
    console.log(
      `Item lines (name, qty, unit price): every row exact in ${pct(items.exact, items.documents)} of ${items.documents} documents; rows exact ${pct(items.rowsRight, items.rows)} (${items.rowsRight}/${items.rows})`,
    );
  console.log(
    `  cells at ≥0.8: ${pct(items.confident, items.cells)} of ${items.cells}, right ${pct(items.confidentRight, items.confident)} (${items.confidentRight}/${items.confident})`,
  );
  console.log(
    `\nSpeed: ${(pages / seconds).toFixed(2)} pages/s (${seconds.toFixed(1)} s)   Peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB`,
  );
  if (modelSettings) {
    const requests = modelRun.used + modelRun.fallbacks;
    console.log(`\nWith the AI model ${modelSettings.model} after the offline engine:`);
    for (const [k, v] of modelPerField) {
      const offline = perField.get(k);
      console.log(
        `  ${k.padEnd(16)} ${pct(v.ok, v.n).padStart(7)}  (${v.ok}/${v.n})   offline alone: ${offline ? pct(offline.ok, offline.n) : 'n/a'}`,
      );
    }
    console.log(
      `  ${requests} requests, ${modelRun.fallbacks} kept the offline result; tokens in/out ${modelRun.inputTokens}/${modelRun.outputTokens}; mean answer ${requests ? (modelRun.latencyMs / requests / 1000).toFixed(2) : 'n/a'} s`,
    );
  }
}

/** The benchmark's schema as a document type, as the pipeline hands it to the model. */
function benchDocType(schema: Schema): PipelineDocType {
  return {
    id: 'benchmark',
    name: 'Benchmark documents',
    fields: schema.fields.map((f) => ({
      key: f.key,
      label: f.label,
      type: f.type,
      required: f.required ?? false,
      ...(f.aliases ? { aliases: f.aliases } : {}),
    })),
    tables: schema.tables.map((t) => ({
      key: t.key,
      label: t.label,
      columns: t.columns.map((c) => ({
        key: c.key,
        label: c.label,
        type: c.type,
        ...(c.aliases ? { aliases: c.aliases } : {}),
      })),
    })),
    extractionInstructions: '',
    agentsEnabled: { extract: true, data_entry: false, recon: false },
  };
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
