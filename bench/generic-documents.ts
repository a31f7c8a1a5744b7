/**
 * Generic documents benchmark: generates the seeded business-document corpus of
 * @parser/test-documents (purchase orders, payslips, bank statements, lab reports… in seven
 * languages, digital and scanned), reads each document and extracts it with the user-style schema
 * that comes with it, and prints the development and check splits side by side: fields right, table
 * rows right and tables whose every row's key cell is exact, per language, kind and arrangement,
 * the calibration table (share right per confidence band) and milliseconds per digital page.
 *
 *   npm run bench:generic -- [--per-kind 7] [--seed 7] [--scans on|off] [--split dev|check|both]
 *     [--cache <dir>] [--json] [--verbose]
 *
 * A field the page does not answer (its truth is null) is right when it comes back empty.
 */
import { parseArgs } from 'node:util';

import {
  type ExtractedValue,
  type ExtractionResult,
  extractBySchema,
  terminateOcr,
} from '@parser/extraction';
import {
  type BusinessGroundTruth,
  generateBusinessDocuments,
  type Split,
  type TableTruth,
  type ValueType,
} from '@parser/test-documents';
import { normText } from './extraction-dataset.js';
import { readWithCache } from './reading-cache.js';

type Got = ExtractedValue['value'] | undefined;

const isEmpty = (got: Got): boolean => got === null || got === undefined || got === '';

/** A number from the engine's value: numbers as they are, plain figures in text too. */
function figureOf(got: Got): number | null {
  if (typeof got === 'number') return got;
  if (typeof got !== 'string') return null;
  const n = Number(got.replace(/\s/g, ''));
  return Number.isFinite(n) ? n : null;
}

const YES = /^(true|yes|ja|oui|s[ií]|sim|x)$/i;
const NO = /^(false|no|nein|non|nee|n[aã]o)$/i;

/** Whether a value is right against the truth's canonical form (ISO dates, plain decimals, "true"). */
function sameValue(type: ValueType, expected: string | null, got: Got): boolean {
  if (expected === null || expected === '') return isEmpty(got);
  if (isEmpty(got)) return false;
  switch (type) {
    case 'date':
      return String(got).slice(0, 10) === expected;
    case 'number':
    case 'currency': {
      const figure = figureOf(got);
      return figure !== null && Math.abs(figure - Number(expected)) < 0.005;
    }
    case 'boolean': {
      const answer =
        typeof got === 'boolean'
          ? got
          : YES.test(String(got))
            ? true
            : NO.test(String(got))
              ? false
              : null;
      return answer !== null && String(answer) === expected;
    }
    case 'string':
      return normText(expected) === normText(String(got));
  }
}

interface TableScore {
  rows: number;
  rowsRight: number;
  keysExact: boolean;
  allRight: boolean;
  firstMiss?: string;
}

/** Rows matched by their key cell; a row is right when every asked cell is. */
function scoreTable(
  truth: TableTruth,
  got: ExtractionResult['tables'][string] | undefined,
): TableScore {
  const rows = got?.rows ?? [];
  const keyType = truth.columns[truth.keyColumn] ?? 'string';
  let rowsRight = 0;
  let keysInOrder = rows.length === truth.rows.length;
  let firstMiss: string | undefined;
  truth.rows.forEach((row, index) => {
    const key = row[truth.keyColumn] ?? '';
    if (!sameValue(keyType, key, rows[index]?.[truth.keyColumn]?.value)) keysInOrder = false;
    const match = rows.find((r) => sameValue(keyType, key, r[truth.keyColumn]?.value));
    const wrong = Object.entries(truth.columns).filter(
      ([column, type]) => !match || !sameValue(type, row[column] ?? '', match[column]?.value),
    );
    if (!wrong.length) rowsRight++;
    else
      firstMiss ??=
        `row ${index + 1} ${JSON.stringify(row)} got ` +
        (match
          ? JSON.stringify(Object.fromEntries(Object.entries(match).map(([k, v]) => [k, v.value])))
          : `no row keyed ${JSON.stringify(key)} (${rows.length} rows)`);
  });
  return {
    rows: truth.rows.length,
    rowsRight,
    keysExact: keysInOrder,
    allRight: keysInOrder && rowsRight === truth.rows.length,
    ...(firstMiss ? { firstMiss } : {}),
  };
}

interface Tally {
  ok: number;
  n: number;
}
const tally = (): Tally => ({ ok: 0, n: 0 });
const pct = (t: Tally | undefined): string =>
  t?.n ? `${((100 * t.ok) / t.n).toFixed(1)}%` : 'n/a';
const cell = (t: Tally | undefined): string => `${pct(t).padStart(6)} (${t?.ok ?? 0}/${t?.n ?? 0})`;

const METRICS = ['fields', 'answered', 'empty', 'rows', 'tables keys', 'tables exact'] as const;

/** Tallies per split, group (all, digital, a language, a kind…) and metric. */
class Scores {
  private readonly byKey = new Map<string, Tally>();
  add(split: Split, group: string, metric: string, ok: boolean, n = 1, right = ok ? n : 0): void {
    const key = `${split}|${group}|${metric}`;
    const t = this.byKey.get(key) ?? tally();
    t.n += n;
    t.ok += right;
    this.byKey.set(key, t);
  }
  get(split: Split, group: string, metric: string): Tally | undefined {
    return this.byKey.get(`${split}|${group}|${metric}`);
  }
  groups(prefix: string): string[] {
    const names = new Set<string>();
    for (const key of this.byKey.keys()) {
      const group = key.split('|')[1]!;
      if (group.startsWith(prefix)) names.add(group);
    }
    return [...names].sort();
  }
}

const BANDS = [
  { name: '>=0.8', lo: 0.8, hi: 1.01 },
  { name: '0.6-0.8', lo: 0.6, hi: 0.8 },
  { name: '<0.6', lo: -1, hi: 0.6 },
] as const;

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      'per-kind': { type: 'string', default: '7' },
      seed: { type: 'string', default: '7' },
      scans: { type: 'string', default: 'on' },
      split: { type: 'string', default: 'both' },
      // readings kept by file hash and reader version: rule changes are measured again in seconds
      cache: { type: 'string' },
      json: { type: 'boolean' },
      verbose: { type: 'boolean' },
    },
  });
  const splits: Split[] =
    args.split === 'dev' ? ['dev'] : args.split === 'check' ? ['check'] : ['dev', 'check'];
  const perKind = Number(args['per-kind']);
  const scannedShare = args.scans === 'off' ? 0 : 0.25;
  const scores = new Scores();
  const misses: string[] = [];
  const time = { readMs: 0, extractMs: 0, pages: 0, fields: 0 };
  let documents = 0;
  let failures = 0;
  const started = performance.now();

  for (const split of splits) {
    for await (const document of generateBusinessDocuments(perKind, {
      seed: args.seed ?? '7',
      split,
      scannedShare,
    })) {
      const truth: BusinessGroundTruth = document.groundTruth;
      documents++;
      const groups = [
        'all',
        truth.scanned ? 'scanned' : 'digital',
        `lang:${truth.language}`,
        `kind:${truth.kind}`,
        `layout:${truth.arrangement}`,
      ];
      const where = `${document.fileName} [${truth.kind} ${truth.language} ${truth.arrangement}${truth.scanned ? ' scan' : ''}]`;
      let result: ExtractionResult = { fields: {}, tables: {} };
      try {
        const readStarted = performance.now();
        const reading = await readWithCache(
          Buffer.from(document.bytes),
          document.fileName,
          args.cache,
        );
        const read = performance.now() - readStarted;
        const extractStarted = performance.now();
        result = extractBySchema(reading!.doc, truth.schema);
        const extract = performance.now() - extractStarted;
        if (!truth.scanned) {
          if (!reading!.hit) time.readMs += read;
          time.extractMs += extract;
          time.pages += reading!.doc.pages.length;
          time.fields += truth.schema.fields.length;
        }
      } catch (error) {
        failures++;
        misses.push(`  ! ${where}: ${error instanceof Error ? error.message : String(error)}`);
      }

      for (const field of truth.schema.fields) {
        const expected = truth.fields[field.key]!;
        const got = result.fields[field.key];
        const ok = sameValue(expected.type, expected.value, got?.value);
        const answered = !isEmpty(got?.value);
        for (const group of groups) {
          scores.add(split, group, 'fields', ok);
          if (expected.value !== null) scores.add(split, group, 'answered', ok);
          else scores.add(split, group, 'empty', ok);
        }
        scores.add(split, `type:${expected.type}`, 'fields', ok);
        if (answered) {
          const confidence = got?.confidence ?? 0;
          const band = BANDS.find((b) => confidence >= b.lo && confidence < b.hi)!;
          scores.add(split, 'band', band.name, ok);
          scores.add(split, 'band', 'answered', confidence >= 0.8);
        }
        if (!ok)
          misses.push(
            `  ✗ ${split} ${where} ${field.key} "${field.label}" (${expected.type}): expected ` +
              `${JSON.stringify(expected.value)} got ${JSON.stringify(got?.value ?? null)}` +
              (answered ? ` (${(got?.confidence ?? 0).toFixed(2)})` : ''),
          );
      }
      for (const table of truth.schema.tables) {
        const score = scoreTable(truth.tables[table.key]!, result.tables[table.key]);
        for (const group of groups) {
          scores.add(split, group, 'rows', false, score.rows, score.rowsRight);
          scores.add(split, group, 'tables keys', score.keysExact);
          scores.add(split, group, 'tables exact', score.allRight);
        }
        if (!score.allRight)
          misses.push(
            `  ✗ ${split} ${where} table ${table.key}: ${score.rowsRight}/${score.rows} rows right, ` +
              `${result.tables[table.key]?.rows.length ?? 0} found${score.keysExact ? '' : ', keys not exact'}` +
              (score.firstMiss ? `; ${score.firstMiss}` : ''),
          );
      }
    }
  }
  await terminateOcr();
  const elapsed = (performance.now() - started) / 1000;
  const msPerPage = (time.readMs + time.extractMs) / (time.pages || 1);

  if (args.verbose) console.log(misses.join('\n'));
  if (args.json) {
    const report: Record<string, unknown> = {
      seed: args.seed,
      perKind,
      scannedShare,
      documents,
      failures,
    };
    for (const split of splits)
      report[split] = Object.fromEntries(
        [
          'all',
          'digital',
          'scanned',
          ...scores.groups('lang:'),
          ...scores.groups('kind:'),
          ...scores.groups('layout:'),
        ].map((group) => [
          group,
          Object.fromEntries(METRICS.map((m) => [m, scores.get(split, group, m) ?? null])),
        ]),
      );
    report.bands = Object.fromEntries(
      splits.map((split) => [
        split,
        Object.fromEntries(BANDS.map((b) => [b.name, scores.get(split, 'band', b.name) ?? null])),
      ]),
    );
    report.msPerDigitalPage = msPerPage;
    console.log(JSON.stringify(report, null, 2));
    return;
  }

  const header = (title: string) =>
    console.log(`\n${title.padEnd(30)}${splits.map((s) => s.padStart(19).padEnd(22)).join('')}`);
  const line = (label: string, group: string, metric: string) =>
    console.log(
      `  ${label.padEnd(28)}${splits.map((s) => cell(scores.get(s, group, metric)).padEnd(22)).join('')}`,
    );

  console.log(
    `Generic documents — seed ${args.seed}, ${perKind} per kind and split, ${scannedShare * 100}% scans: ` +
      `${documents} documents, ${failures} unreadable, ${elapsed.toFixed(0)} s`,
  );
  header('All documents');
  line('fields right', 'all', 'fields');
  line('  printed fields right', 'all', 'answered');
  line('  unprinted left empty', 'all', 'empty');
  line('table rows right', 'all', 'rows');
  line('tables, every key exact', 'all', 'tables keys');
  line('tables all right', 'all', 'tables exact');
  line('digital: fields', 'digital', 'fields');
  line('scanned: fields', 'scanned', 'fields');
  for (const type of ['string', 'date', 'currency', 'number', 'boolean'])
    line(`${type} fields`, `type:${type}`, 'fields');

  header('Calibration (values given)');
  for (const band of BANDS) line(`right at ${band.name}`, 'band', band.name);
  line('values at >=0.8', 'band', 'answered');

  for (const [title, prefix] of [
    ['Per language: fields', 'lang:'],
    ['Per kind: fields', 'kind:'],
    ['Per arrangement: fields', 'layout:'],
  ] as const) {
    header(title);
    for (const group of scores.groups(prefix)) line(group.slice(prefix.length), group, 'fields');
  }
  header('Per kind: table rows');
  for (const group of scores.groups('kind:')) line(group.slice(5), group, 'rows');

  console.log(
    `\nDigital pages: ${msPerPage.toFixed(1)} ms a page (reading ${(time.readMs / (time.pages || 1)).toFixed(1)} ms` +
      `${args.cache ? ', cached readings not counted' : ''}, extraction ${(time.extractMs / (time.pages || 1)).toFixed(1)} ms ` +
      `for ${(time.fields / (time.pages || 1)).toFixed(1)} fields and a table)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
