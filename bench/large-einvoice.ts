/**
 * Large e-invoice benchmark: a UBL invoice of thousands of lines (15,000 lines make about 10 MB,
 * the most an e-invoice may be) read, extracted with the invoice preset and worked on by both
 * agents, as a pipeline does. Prints each stage's time and the process's peak resident memory
 * after it, at each line count, and how the time grew against the line count.
 *
 * Each line count runs in a process of its own, so one size's memory does not count for the next.
 * Two invoices: one whose sums all agree, and one with a discount on every 25th line and on the
 * whole invoice, whose sums fail (every failed sum makes the agents look for the figure to blame).
 *
 *   npm run bench:large-einvoice [-- --lines 1000,4000,15000 --invoices agreeing,discounted]
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { PRESETS } from '@parser/contracts';
import {
  adjustConfidence,
  type AgentDocument,
  type AgentSettings,
  type ExtractionResult,
  extractBySchema,
  readDocument,
  runDataEntry,
  runReconciliation,
} from '@parser/extraction';
import { largeUblInvoice, type LargeEInvoiceOptions } from '@parser/test-documents';

import { pipelineSchemaOf } from '../apps/server/src/modules/doc-types/stored-doc-type.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};

const INVOICES: Record<string, { title: string; options: LargeEInvoiceOptions }> = {
  agreeing: { title: 'every sum agrees', options: {} },
  discounted: {
    title: 'a discount on every 25th line and on the invoice (sums fail)',
    options: { discountEvery: 25, documentAllowance: 25 },
  },
};
const STAGES = ['read', 'extract', 'data entry', 'reconciliation'] as const;
type Stage = (typeof STAGES)[number];

interface StageFigures {
  seconds: number;
  /** Processor time of all threads, garbage collection included: a busy machine sways it less. */
  cpuSeconds: number;
  /** The process's peak resident memory so far, in MB. */
  peakMb: number;
}
interface SizeFigures {
  lines: number;
  megabytes: number;
  /** Resident memory with the engine loaded, before the invoice is read. */
  startMb: number;
  stages: Record<Stage, StageFigures>;
  failedChecks: number;
}

const SETTINGS: AgentSettings = { usualDateOrder: null, usualCurrency: null, today: '2100-01-01' };
const schema = { fields: PRESETS.invoice.fields, tables: PRESETS.invoice.tables };
const peakMb = () => process.resourceUsage().maxRSS / 1024;

/** The type's definitions and the stored values, as the server hands a document to an agent. */
function agentDocument(values: ExtractionResult, text: string, pages: AgentDocument['pages']) {
  return {
    ...pipelineSchemaOf(schema),
    values,
    locked: [],
    text,
    pages,
  } satisfies AgentDocument;
}

/** One invoice of `lines` lines through every stage, in this process. */
async function measure(lines: number, options: LargeEInvoiceOptions): Promise<SizeFigures> {
  const startMb = process.memoryUsage().rss / 1024 / 1024;
  const invoice = largeUblInvoice(lines, options);
  const stages = {} as Record<Stage, StageFigures>;
  const timed = async <T>(stage: Stage, work: () => T | Promise<T>): Promise<T> => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await work();
    const used = process.cpuUsage(cpu);
    stages[stage] = {
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: (used.user + used.system) / 1e6,
      peakMb: peakMb(),
    };
    return result;
  };
  const reading = await timed('read', () => readDocument(invoice.bytes, invoice.fileName));
  const extracted = await timed('extract', () => extractBySchema(reading, schema));
  // The server stores the values as JSON and the agents start from what it reads back.
  const stored = JSON.parse(JSON.stringify(extracted)) as ExtractionResult;
  const doc = agentDocument(stored, reading.text, reading.pages);
  const entered = await timed('data entry', () => runDataEntry(doc, [], SETTINGS));
  const report = await timed('reconciliation', () => {
    const checked = runReconciliation({ ...doc, values: entered.values }, [], SETTINGS);
    adjustConfidence(entered.values, checked);
    return checked;
  });
  const rows = entered.values.tables.line_items?.rows.length ?? 0;
  if (rows !== lines) throw new Error(`${rows} of ${lines} lines came through`);
  return {
    lines,
    megabytes: invoice.bytes.length / 1e6,
    startMb,
    stages,
    failedChecks: report.summary.fail,
  };
}

const seconds = (value: number) => `${value.toFixed(2)} s`;
const number = (value: number) => value.toLocaleString('en-US');

function printTable(title: string, sizes: SizeFigures[]): void {
  console.log(`\nUBL invoice, ${title}`);
  for (const s of sizes) {
    console.log(
      `  ${number(s.lines)} lines: ${s.megabytes.toFixed(1)} MB of XML, ${number(s.failedChecks)} failed checks, ${s.startMb.toFixed(0)} MB resident before reading`,
    );
  }
  const first = sizes[0]!;
  const last = sizes[sizes.length - 1]!;
  const header = [
    'stage'.padEnd(16),
    ...sizes.map((s) => `${number(s.lines)} lines`.padEnd(34)),
    `time ×, for ×${(last.lines / first.lines).toFixed(0)} lines`,
  ];
  console.log(`  ${header.join('')}`);
  const row = (name: string, figures: (s: SizeFigures) => StageFigures) => {
    const growth = figures(last).seconds / Math.max(figures(first).seconds, 1e-3);
    const cpuGrowth = figures(last).cpuSeconds / Math.max(figures(first).cpuSeconds, 1e-3);
    console.log(
      `  ${[
        name.padEnd(16),
        ...sizes.map((s) =>
          `${seconds(figures(s).seconds)} (cpu ${figures(s).cpuSeconds.toFixed(2)}), ${figures(s).peakMb.toFixed(0)} MB`.padEnd(
            34,
          ),
        ),
        `×${growth.toFixed(1)} (cpu ×${cpuGrowth.toFixed(1)})`,
      ].join('')}`,
    );
  };
  for (const stage of STAGES) row(stage, (s) => s.stages[stage]);
  row('total', (s) => ({
    seconds: STAGES.reduce((sum, stage) => sum + s.stages[stage].seconds, 0),
    cpuSeconds: STAGES.reduce((sum, stage) => sum + s.stages[stage].cpuSeconds, 0),
    peakMb: s.stages.reconciliation.peakMb,
  }));
  console.log(
    "  (wall time, processor time of all threads, and the process's peak resident memory once the stage is done)",
  );
}

async function main(): Promise<void> {
  if (args.includes('--child')) {
    const figures = await measure(
      Number(option('lines', '1000')),
      INVOICES[option('invoice', 'agreeing')]!.options,
    );
    process.stdout.write(JSON.stringify(figures));
    return;
  }
  const lineCounts = option('lines', '1000,4000,15000').split(',').map(Number);
  const invoices = option('invoices', 'agreeing,discounted').split(',');
  for (const name of invoices) {
    const invoice = INVOICES[name];
    if (!invoice) throw new Error(`unknown invoice ${name}: ${Object.keys(INVOICES).join(', ')}`);
    const sizes = lineCounts.map((lines) => {
      const output = execFileSync(
        process.execPath,
        [
          ...process.execArgv,
          fileURLToPath(import.meta.url),
          '--child',
          '--lines',
          String(lines),
          '--invoice',
          name,
        ],
        { encoding: 'utf8', maxBuffer: 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      return JSON.parse(output) as SizeFigures;
    });
    printTable(invoice.title, sizes);
  }
}

await main();
