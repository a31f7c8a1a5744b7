/**
 * `parser-extract <file>… [--preset invoice|receipt|handwritten_log | --schema type.json] [--json]`
 *
 * Reads every file in one process, so the OCR workers and their models load once and stay warm
 * from one file to the next (and not at all when no file needs OCR).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  PRESETS,
  type FieldDefinition,
  type PresetKey,
  type TableDefinition,
} from '@parser/contracts';
import { readDocument, terminateOcr } from '../reading/index.js';
import { extractBySchema } from '../extract/index.js';
import type { ExtractedValue, ExtractionResult, ReadDocument } from '../document.js';

const USAGE = `usage: parser-extract <file>… [--preset invoice|receipt|handwritten_log | --schema type.json] [--json]

Reads PDF, PNG, JPEG, TIFF, DOCX and DOC files and prints the fields and tables found in each.
  --preset <key>   the fields to look for (default: invoice)
  --schema <file>  a document type as JSON: { "fields": [...], "tables": [...] }
  --json           one JSON object per file and line: { file, format, pages, fields, tables } or { file, error }
  --help           this text
Environment: OCR_WORKERS sets how many OCR worker threads read scans (default: cores, at most 2).`;

const OPTIONS_WITH_VALUE = new Set(['--preset', '--schema']);

interface Schema {
  fields: FieldDefinition[];
  tables: TableDefinition[];
}

interface Arguments {
  files: string[];
  json: boolean;
  help: boolean;
  preset?: string;
  schemaFile?: string;
  unknown: string[];
}

function parseArguments(argv: readonly string[]): Arguments {
  const parsed: Arguments = { files: [], json: false, help: false, unknown: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') parsed.json = true;
    else if (arg === '--help' || arg === '-h') parsed.help = true;
    else if (OPTIONS_WITH_VALUE.has(arg)) {
      const value = argv[++i];
      if (arg === '--preset') parsed.preset = value;
      else parsed.schemaFile = value;
    } else if (arg.startsWith('-')) parsed.unknown.push(arg);
    else parsed.files.push(arg);
  }
  return parsed;
}

async function loadSchema(args: Arguments): Promise<Schema | string> {
  if (args.schemaFile) {
    const s = JSON.parse(await readFile(args.schemaFile, 'utf8')) as Partial<Schema>;
    return { fields: s.fields ?? [], tables: s.tables ?? [] };
  }
  const key = (args.preset ?? 'invoice') as PresetKey;
  const preset = PRESETS[key];
  if (!preset) return `Unknown preset '${key}'.`;
  return { fields: preset.fields, tables: preset.tables };
}

const show = (v: ExtractedValue | undefined): string =>
  !v || v.value === null ? '—' : `${String(v.value)}  (${Math.round(v.confidence * 100)}%)`;

function printResult(file: string, doc: ReadDocument, result: ExtractionResult, schema: Schema) {
  console.log(`${path.basename(file)} — ${doc.pages.length} page(s), ${doc.format}\n`);
  const width = Math.max(...schema.fields.map((f) => f.label.length), 5);
  for (const f of schema.fields)
    console.log(`  ${f.label.padEnd(width)}  ${show(result.fields[f.key])}`);
  for (const t of schema.tables) {
    const rows = result.tables[t.key]?.rows ?? [];
    console.log(`\n  ${t.label} (${rows.length} rows)`);
    const cells = rows.map((r) =>
      t.columns.map((c) =>
        r[c.key]?.value === null || r[c.key] === undefined ? '' : String(r[c.key]?.value),
      ),
    );
    const widths = t.columns.map((c, i) =>
      Math.min(40, Math.max(c.label.length, ...cells.map((r) => (r[i] ?? '').length))),
    );
    const line = (vals: string[]) =>
      '  ' + vals.map((v, i) => v.slice(0, 40).padEnd(widths[i] ?? 0)).join(' | ');
    console.log(line(t.columns.map((c) => c.label)));
    for (const r of cells) console.log(line(r));
  }
  console.log('');
}

/** Runs the command; answers the exit code (0 all read, 1 some file failed, 2 bad usage). */
export async function main(argv: string[]): Promise<number> {
  const args = parseArguments(argv);
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.files.length === 0 || args.unknown.length) {
    if (args.unknown.length) console.error(`Unknown option ${args.unknown.join(', ')}.`);
    console.error(USAGE);
    return 2;
  }
  const schema = await loadSchema(args);
  if (typeof schema === 'string') {
    console.error(`${schema} ${USAGE}`);
    return 2;
  }
  let failed = 0;
  try {
    for (const file of args.files) {
      try {
        const doc = await readDocument(await readFile(file), path.basename(file));
        const result = extractBySchema(doc, schema);
        if (args.json) {
          const { fields, tables } = result;
          const pages = doc.pages.length;
          console.log(JSON.stringify({ file, format: doc.format, pages, fields, tables }));
        } else printResult(file, doc, result, schema);
      } catch (e) {
        failed++;
        const error = e instanceof Error ? e.message : String(e);
        if (args.json) console.log(JSON.stringify({ file, error }));
        else console.error(`Could not extract ${file}: ${error}`);
      }
    }
  } finally {
    await terminateOcr();
  }
  return failed ? 1 : 0;
}
