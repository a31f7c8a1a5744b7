/**
 * Reconciliation agent benchmark: how many seeded arithmetic inconsistencies the agent flags and
 * how many consistent documents it flags wrongly, on the seeded invoice corpus of
 * @parser/test-documents (digital PDFs and scans) and on real receipts (the check half of the
 * receipt folders), and how accurate the values at confidence ≥ 0.8 are before and after the
 * agents run (data entry, then reconciliation's confidence adjustment), as a pipeline runs them.
 *
 * Each corpus invoice is judged twice: on the engine's reading (what a customer gets) and on its
 * ground-truth values (the rules alone, without reading errors). Real receipts add up, so every
 * failed sum on one counts as a wrong flag; those on a receipt whose total the engine misread (the
 * ground truth gives the total alone) are counted apart, as the flag is then right about the data.
 * Real invoices (`--invoices`: designed and multilingual ones, with per-line discounts, rounded unit
 * prices and totals tables) add up too, read from the page alone unless `--einvoice`: every failed
 * sum on one is a wrong flag, counted apart when the total was misread.
 *
 *   npm run bench:agents -- [--count 100] [--seed 11] [--inconsistent-share 0.5] [--scanned-share 0.5]
 *     [--receipts <folder>[,<folder>…]]… [--invoices <folder>[,<folder>…]]… [--half check]
 *     [--einvoice] [--cache <dir>] [--json] [--verbose]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { PRESETS, type PresetKey } from '@parser/contracts';
import {
  adjustConfidence,
  type AgentDocument,
  type AgentSettings,
  type ExtractionResult,
  extractBySchema,
  type ReadDocument,
  runDataEntry,
  runReconciliation,
  terminateOcr,
} from '@parser/extraction';
import { corpusDocument, type InvoiceGroundTruth } from '@parser/test-documents';

import { type Half, listDocuments } from './extraction-dataset.js';
import { readWithCache } from './reading-cache.js';

const SETTINGS: AgentSettings = { usualDateOrder: null, usualCurrency: null, today: '2100-01-01' };

interface Tally {
  ok: number;
  n: number;
}
const tally = (): Tally => ({ ok: 0, n: 0 });
const count = (t: Tally, ok: boolean) => {
  t.n++;
  if (ok) t.ok++;
};
const pct = (t: Tally) => (t.n ? `${((100 * t.ok) / t.n).toFixed(1)}% (${t.ok}/${t.n})` : 'n/a');

function agentDocument(
  preset: PresetKey,
  values: ExtractionResult,
  reading: Pick<ReadDocument, 'text' | 'pages'> | null,
): AgentDocument {
  return {
    fields: PRESETS[preset].fields.map((f) => ({ ...f, required: f.required ?? false })),
    tables: PRESETS[preset].tables.map((t) => ({
      key: t.key,
      label: t.label,
      columns: t.columns.map((c) => ({ key: c.key, label: c.label, type: c.type })),
    })),
    values,
    locked: [],
    text: reading?.text ?? '',
    ...(reading ? { pages: reading.pages } : {}),
  };
}

/** Data entry, then reconciliation on its result, as the pipeline steps run them. */
function runAgents(doc: AgentDocument) {
  const entered = runDataEntry(doc, [], SETTINGS);
  const report = runReconciliation({ ...doc, values: entered.values }, [], SETTINGS);
  return { values: adjustConfidence(entered.values, report), report };
}

const sumFlagged = (report: ReturnType<typeof runReconciliation>) =>
  report.checks.some((check) => check.kind === 'arithmetic' && check.status === 'fail');
/** A sum the reading gives reason to doubt: a warning that says what to look at. */
const sumWarned = (report: ReturnType<typeof runReconciliation>) =>
  !sumFlagged(report) &&
  report.checks.some((check) => check.kind === 'arithmetic' && check.status === 'warn');

const cell = (value: string | number | null) => ({ value, confidence: 1, source: null });

/** The ground truth as perfectly read values. */
function truthValues(truth: InvoiceGroundTruth): ExtractionResult {
  const amount = (text: string | undefined) => (text === undefined ? null : Number(text));
  return {
    fields: {
      invoice_number: cell(truth.invoice_number),
      invoice_date: cell(truth.date),
      vendor_name: cell(truth.vendor),
      bill_to: cell(truth.bill_to),
      subtotal: cell(amount(truth.subtotal)),
      tax: cell(amount(truth.tax)),
      total: cell(amount(truth.total)),
      po_number: cell(truth.po_number ?? null),
      due_date: cell(truth.due_date ?? null),
    },
    tables: {
      line_items: {
        rows: truth.lines.map((line) => ({
          description: cell(line.description),
          qty: cell(amount(line.qty)),
          unit_price: cell(amount(line.unit_price)),
          amount: cell(amount(line.amount)),
        })),
      },
    },
  };
}

const normText = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s,.:;]+/g, '');

/** Whether a read value equals the expected text: amounts as numbers, the rest as text. */
function same(
  expected: string,
  got: string | number | boolean | null | undefined,
  amount: boolean,
): boolean {
  if (got === null || got === undefined || got === '') return false;
  if (amount) {
    const value = typeof got === 'number' ? got : Number(String(got).replace(/[^\d.-]/g, ''));
    return Number.isFinite(value) && Math.abs(value - Number(expected)) < 0.005;
  }
  return normText(String(got)) === normText(expected);
}

/** The ≥ 0.8 band: how many values there are and how many are right. */
function bandOf(
  values: ExtractionResult,
  expected: { key: string; truth: string | undefined; amount: boolean }[],
  band: Tally,
): void {
  for (const { key, truth, amount } of expected) {
    const extracted = values.fields[key];
    if (truth === undefined || !extracted || extracted.confidence < 0.8) continue;
    count(band, same(truth, extracted.value, amount));
  }
}

/** Whether subtotal, tax, total and every line amount were read as printed. */
function amountsReadRight(values: ExtractionResult, truth: InvoiceGroundTruth): boolean {
  const f = values.fields;
  const rows = values.tables.line_items?.rows ?? [];
  return (
    same(truth.subtotal, f.subtotal?.value, true) &&
    same(truth.tax, f.tax?.value, true) &&
    same(truth.total, f.total?.value, true) &&
    rows.length === truth.lines.length &&
    truth.lines.every((line, i) => same(line.amount, rows[i]?.amount?.value, true))
  );
}

const invoiceExpected = (truth: InvoiceGroundTruth) => [
  { key: 'invoice_number', truth: truth.invoice_number, amount: false },
  { key: 'invoice_date', truth: truth.date, amount: false },
  { key: 'vendor_name', truth: truth.vendor, amount: false },
  { key: 'bill_to', truth: truth.bill_to, amount: false },
  { key: 'subtotal', truth: truth.subtotal, amount: true },
  { key: 'tax', truth: truth.tax, amount: true },
  { key: 'total', truth: truth.total, amount: true },
  { key: 'po_number', truth: truth.po_number, amount: false },
  { key: 'due_date', truth: truth.due_date, amount: false },
];

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      count: { type: 'string', default: '100' },
      seed: { type: 'string', default: '11' },
      'inconsistent-share': { type: 'string', default: '0.5' },
      'scanned-share': { type: 'string', default: '0.5' },
      receipts: { type: 'string', multiple: true },
      invoices: { type: 'string', multiple: true },
      einvoice: { type: 'boolean', default: false },
      half: { type: 'string', default: 'check' },
      cache: { type: 'string' },
      json: { type: 'boolean' },
      verbose: { type: 'boolean' },
    },
  });
  const started = Date.now();
  const corpus = {
    seededFlagged: tally(),
    consistentFlagged: tally(),
    truthSeededFlagged: tally(),
    truthConsistentFlagged: tally(),
    byKind: {} as Record<string, Tally>,
    digital: { seeded: tally(), consistent: tally() },
    scanned: { seeded: tally(), consistent: tally() },
    bandBefore: tally(),
    bandAfter: tally(),
    flaggedMisread: tally(),
  };
  const documents = Number(args.count);
  for (let index = 0; index < documents; index++) {
    const document = await corpusDocument(index, {
      seed: args.seed,
      inconsistentShare: Number(args['inconsistent-share']),
      scannedShare: Number(args['scanned-share']),
    });
    const truth = document.groundTruth;
    const read = await readWithCache(Buffer.from(document.bytes), document.fileName, args.cache);
    if (!read) continue;
    const reading = read.doc;
    const extracted = extractBySchema(reading, PRESETS.invoice);
    const agents = runAgents(agentDocument('invoice', extracted, reading));
    const flagged = sumFlagged(agents.report);
    const oracle = sumFlagged(
      runReconciliation(agentDocument('invoice', truthValues(truth), null), [], SETTINGS),
    );
    const seeded = truth.inconsistency !== undefined;
    const split = truth.meta.scanned ? corpus.scanned : corpus.digital;
    if (seeded) {
      count(corpus.seededFlagged, flagged);
      count(corpus.truthSeededFlagged, oracle);
      count((corpus.byKind[truth.inconsistency!.kind] ??= tally()), flagged);
      count(split.seeded, flagged);
    } else {
      count(corpus.consistentFlagged, flagged);
      // A flag on a consistent document either catches a value the engine misread (the sums of
      // the read values really disagree) or is a false alarm on values read right.
      if (flagged) count(corpus.flaggedMisread, !amountsReadRight(agents.values, truth));
      count(corpus.truthConsistentFlagged, oracle);
      count(split.consistent, flagged);
    }
    if (args.verbose && flagged !== seeded) {
      const f = agents.values.fields;
      console.log(
        `${document.name} ${truth.meta.scanned ? 'scan' : 'pdf'} seeded=${truth.inconsistency?.kind ?? '-'} flagged=${flagged}` +
          ` subtotal=${String(f.subtotal?.value)}/${truth.subtotal} tax=${String(f.tax?.value)}/${truth.tax} total=${String(f.total?.value)}/${truth.total}` +
          ` lines=${agents.values.tables.line_items?.rows.length ?? 0}/${truth.lines.length}`,
      );
      for (const check of agents.report.checks.filter((c) => c.kind === 'arithmetic')) {
        console.log(`    ${check.status} ${check.message}`);
      }
    }
    bandOf(extracted, invoiceExpected(truth), corpus.bandBefore);
    bandOf(agents.values, invoiceExpected(truth), corpus.bandAfter);
  }

  const receipts = {
    flagged: tally(),
    warned: tally(),
    bandBefore: tally(),
    bandAfter: tally(),
    checked: tally(),
    flaggedTotalMisread: tally(),
  };
  // --receipts a,b and --receipts a --receipts b name the same folders
  const foldersOf = (options: string[] | undefined) =>
    (options ?? [])
      .flatMap((option) => option.split(','))
      .map((folder) => folder.trim())
      .filter((folder) => folder !== '');
  const receiptFolders = foldersOf(args.receipts);
  if (receiptFolders.length) {
    for (const item of await listDocuments(receiptFolders, args.half as Half)) {
      const bytes = await readFile(item.file);
      const read = await readWithCache(bytes, item.name, args.cache);
      if (!read) continue;
      const truth = JSON.parse(await readFile(item.truth, 'utf8')) as Record<string, string>;
      const extracted = extractBySchema(read.doc, PRESETS.receipt);
      const agents = runAgents(agentDocument('receipt', extracted, read.doc));
      const truthTotal = truth.total?.replace(/[^\d.,-]/g, '').replace(/,(?=\d{3})/g, '');
      const totalReadRight =
        truthTotal !== undefined && same(truthTotal, extracted.fields.total?.value, true);
      // Real receipts add up: every arithmetic failure is counted as a false flag, even one
      // that catches a total the engine misread.
      count(receipts.flagged, sumFlagged(agents.report));
      if (sumFlagged(agents.report)) count(receipts.flaggedTotalMisread, !totalReadRight);
      count(receipts.warned, sumWarned(agents.report));
      if (args.verbose && sumFlagged(agents.report)) {
        const failed = agents.report.checks.filter(
          (c) => c.kind === 'arithmetic' && c.status === 'fail',
        );
        console.log(
          `${item.name} total=${truth.total} read=${String(extracted.fields.total?.value)}: ${failed.map((c) => c.message).join(' | ')}`,
        );
      }
      count(
        receipts.checked,
        agents.report.checks.some((check) => check.kind === 'arithmetic'),
      );
      const expected = [{ key: 'total', truth: truthTotal, amount: true }];
      bandOf(extracted, expected, receipts.bandBefore);
      bandOf(agents.values, expected, receipts.bandAfter);
      const after = agents.values.fields.total;
      if (args.verbose && after && after.confidence >= 0.8 && !totalReadRight)
        console.log(
          `${item.name} total=${truth.total} read=${String(after.value)} at ${after.confidence.toFixed(2)} with the agents (engine ${extracted.fields.total?.confidence.toFixed(2)})`,
        );
    }
  }

  const invoices = {
    flagged: tally(),
    flaggedTotalMisread: tally(),
    warned: tally(),
    checked: tally(),
  };
  const invoiceFolders = foldersOf(args.invoices);
  for (const item of invoiceFolders.length
    ? await listDocuments(invoiceFolders, args.half as Half)
    : []) {
    const read = await readWithCache(await readFile(item.file), item.name, args.cache);
    if (!read) continue;
    const reading: ReadDocument = { ...read.doc };
    // the page alone unless asked: an e-invoice's XML values agree with themselves by construction
    if (!args.einvoice) delete reading.einvoice;
    const truth = JSON.parse(await readFile(item.truth, 'utf8')) as Record<string, unknown>;
    const extracted = extractBySchema(reading, PRESETS.invoice);
    const agents = runAgents(agentDocument('invoice', extracted, reading));
    // the amount due, or the grand total where a prepayment makes them differ
    const totals = [truth.amount, truth.grand_total].filter(
      (t): t is string => typeof t === 'string',
    );
    const totalReadRight = totals.some((t) => same(t, extracted.fields.total?.value, true));
    const flagged = sumFlagged(agents.report);
    count(invoices.flagged, flagged);
    if (flagged) count(invoices.flaggedTotalMisread, !totalReadRight);
    count(invoices.warned, sumWarned(agents.report));
    count(
      invoices.checked,
      agents.report.checks.some((check) => check.kind === 'arithmetic'),
    );
    if (args.verbose) {
      console.log(
        `${item.name} total=${totals.join('/')} read=${String(extracted.fields.total?.value)} lines=${extracted.tables.line_items?.rows.length ?? 0}`,
      );
      for (const check of agents.report.checks.filter((c) => c.kind === 'arithmetic'))
        console.log(`    ${check.status} ${check.message}`);
    }
  }
  await terminateOcr();

  const result = {
    corpus: {
      documents,
      seeded_flagged: pct(corpus.seededFlagged),
      consistent_flagged: pct(corpus.consistentFlagged),
      of_those_catching_a_misread_amount: pct(corpus.flaggedMisread),
      on_ground_truth: {
        seeded_flagged: pct(corpus.truthSeededFlagged),
        consistent_flagged: pct(corpus.truthConsistentFlagged),
      },
      seeded_flagged_by_kind: Object.fromEntries(
        Object.entries(corpus.byKind).map(([kind, t]) => [kind, pct(t)]),
      ),
      digital: {
        seeded_flagged: pct(corpus.digital.seeded),
        consistent_flagged: pct(corpus.digital.consistent),
      },
      scanned: {
        seeded_flagged: pct(corpus.scanned.seeded),
        consistent_flagged: pct(corpus.scanned.consistent),
      },
      band_0_8_accuracy: { engine: pct(corpus.bandBefore), with_agents: pct(corpus.bandAfter) },
    },
    receipts: receiptFolders.length
      ? {
          half: args.half,
          flagged_wrongly: pct(receipts.flagged),
          of_those_with_the_total_misread: pct(receipts.flaggedTotalMisread),
          warned_reading_doubted: pct(receipts.warned),
          with_a_sum_checked: pct(receipts.checked),
          total_band_0_8_accuracy: {
            engine: pct(receipts.bandBefore),
            with_agents: pct(receipts.bandAfter),
          },
        }
      : null,
    invoices: invoiceFolders.length
      ? {
          half: args.half,
          flagged_wrongly: pct(invoices.flagged),
          of_those_with_the_total_misread: pct(invoices.flaggedTotalMisread),
          warned_reading_doubted: pct(invoices.warned),
          with_a_sum_checked: pct(invoices.checked),
        }
      : null,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  if (args.json) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  console.log(`Invoice corpus: ${documents} documents (seed ${args.seed})`);
  console.log(`  seeded inconsistencies flagged: ${result.corpus.seeded_flagged}`);
  console.log(`  consistent documents flagged:   ${result.corpus.consistent_flagged}`);
  console.log(
    `    of which the engine misread an amount: ${result.corpus.of_those_catching_a_misread_amount}`,
  );
  console.log(
    `  on ground-truth values: flagged ${result.corpus.on_ground_truth.seeded_flagged}, false ${result.corpus.on_ground_truth.consistent_flagged}`,
  );
  console.log(`  by kind: ${JSON.stringify(result.corpus.seeded_flagged_by_kind)}`);
  console.log(`  digital: ${JSON.stringify(result.corpus.digital)}`);
  console.log(`  scanned: ${JSON.stringify(result.corpus.scanned)}`);
  console.log(
    `  values at ≥0.8 right: engine ${result.corpus.band_0_8_accuracy.engine}, with agents ${result.corpus.band_0_8_accuracy.with_agents}`,
  );
  if (result.receipts) {
    console.log(`Receipts (${args.half} half):`);
    console.log(`  flagged wrongly: ${result.receipts.flagged_wrongly}`);
    console.log(
      `    of which the engine misread the total: ${result.receipts.of_those_with_the_total_misread}`,
    );
    console.log(`  warned (the reading doubted): ${result.receipts.warned_reading_doubted}`);
    console.log(`  with a sum checked: ${result.receipts.with_a_sum_checked}`);
    console.log(
      `  totals at ≥0.8 right: engine ${result.receipts.total_band_0_8_accuracy.engine}, with agents ${result.receipts.total_band_0_8_accuracy.with_agents}`,
    );
  }
  if (result.invoices) {
    console.log(
      `Real invoices (${args.half} half, ${args.einvoice ? 'XML kept' : 'pages alone'}):`,
    );
    console.log(`  flagged wrongly: ${result.invoices.flagged_wrongly}`);
    console.log(
      `    of which the engine misread the total: ${result.invoices.of_those_with_the_total_misread}`,
    );
    console.log(`  warned (the reading doubted): ${result.invoices.warned_reading_doubted}`);
    console.log(`  with a sum checked: ${result.invoices.with_a_sum_checked}`);
  }
  console.log(`${result.seconds} s`);
}

await main();
