/** `parser-extract <file> [--preset invoice|receipt|handwritten_log | --schema type.json] [--json]` */
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
import type { ExtractedValue } from '../document.js';

const USAGE =
  'usage: parser-extract <file> [--preset invoice|receipt|handwritten_log | --schema type.json] [--json]';

const show = (v: ExtractedValue | undefined): string =>
  !v || v.value === null ? '—' : `${String(v.value)}  (${Math.round(v.confidence * 100)}%)`;

export async function main(argv: string[]): Promise<number> {
  const file = argv.find(
    (a, i) => !a.startsWith('--') && argv[i - 1] !== '--preset' && argv[i - 1] !== '--schema',
  );
  if (!file || argv.includes('--help')) {
    console.error(USAGE);
    return file ? 0 : 2;
  }
  let schema: { fields: FieldDefinition[]; tables: TableDefinition[] };
  const schemaFile = argv.includes('--schema') ? argv[argv.indexOf('--schema') + 1] : undefined;
  if (schemaFile) {
    const s = JSON.parse(await readFile(schemaFile, 'utf8')) as {
      fields?: FieldDefinition[];
      tables?: TableDefinition[];
    };
    schema = { fields: s.fields ?? [], tables: s.tables ?? [] };
  } else {
    const key = (
      argv.includes('--preset') ? argv[argv.indexOf('--preset') + 1] : 'invoice'
    ) as PresetKey;
    const preset = PRESETS[key];
    if (!preset) {
      console.error(`Unknown preset '${key}'. ${USAGE}`);
      return 2;
    }
    schema = { fields: preset.fields, tables: preset.tables };
  }
  try {
    const doc = await readDocument(await readFile(file), path.basename(file));
    const result = extractBySchema(doc, schema);
    if (argv.includes('--json')) {
      console.log(JSON.stringify(result, null, 2));
      return 0;
    }
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
    return 0;
  } catch (e) {
    console.error(`Could not extract ${file}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await terminateOcr();
  }
}
