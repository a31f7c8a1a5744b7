/**
 * Invoice/receipt classification benchmark: classifies every document with a `.gt.json` beside it
 * against a company's types made from the presets ("Supplier Invoices", "Receipts (till)",
 * "Handwritten Log"), and runs the upload check as the server does. A document is an invoice when
 * its ground truth has `invoice_number` or `issuer`, a receipt when it has `company`.
 *
 *   npx tsx bench/classification.ts <folder>… [--half dev|check] [--cache <dir>] [--verbose] [--json]
 *
 * Each folder is halved on its own (`--half`, as in extraction-accuracy.ts), so every set is in
 * both halves. Prints per folder: the share classified as the right type, the share of uploads to
 * the right type that get no suggestion of another, and the share of uploads to the other of
 * invoice/receipt whose suggestion names the right type.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PRESETS, type PresetKey } from '@parser/contracts';
import { classifyDocument, terminateOcr, type ClassifierType } from '@parser/extraction';
import { checkChosenType } from '../apps/server/src/modules/uploads/type-check.js';
import { listDocuments, type Half } from './extraction-dataset.js';
import { readWithCache } from './reading-cache.js';

/** The types a company sets up from the presets, under names of its own. */
const TYPES: ClassifierType[] = (
  [
    ['invoice', 'Supplier Invoices'],
    ['receipt', 'Receipts (till)'],
    ['handwritten_log', 'Handwritten Log'],
  ] as [PresetKey, string][]
).map(([key, name]) => ({
  id: key,
  name,
  fields: PRESETS[key].fields,
  tables: PRESETS[key].tables,
}));

type Kind = 'invoice' | 'receipt';

function kindOf(truth: Record<string, unknown>): Kind | null {
  if ('invoice_number' in truth || 'issuer' in truth) return 'invoice';
  if ('company' in truth) return 'receipt';
  return null;
}

const option = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

interface Tally {
  documents: number;
  right: number;
  keptWhenRight: number;
  suggestedWhenWrong: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const folders = args.filter(
    (a, i) => !a.startsWith('--') && !['--half', '--cache'].includes(args[i - 1] ?? ''),
  );
  const half = option(args, '--half') as Half | undefined;
  if (!folders.length || (half && half !== 'dev' && half !== 'check')) {
    console.error(
      'usage: tsx bench/classification.ts <folder>… [--half dev|check] [--cache dir] [--verbose] [--json]',
    );
    process.exit(2);
  }
  const cacheDir = option(args, '--cache');
  const verbose = args.includes('--verbose');
  const tallies = new Map<string, Tally>();
  for (const folder of folders) {
    const tally: Tally = { documents: 0, right: 0, keptWhenRight: 0, suggestedWhenWrong: 0 };
    tallies.set(path.basename(folder), tally);
    for (const d of await listDocuments([folder], half)) {
      const kind = kindOf(JSON.parse(await readFile(d.truth, 'utf8')) as Record<string, unknown>);
      if (!kind) continue;
      const reading = await readWithCache(await readFile(d.file), d.name, cacheDir);
      if (!reading) continue;
      const classification = classifyDocument(reading.doc, TYPES);
      const right = TYPES.find((t) => t.id === kind)!;
      const other = TYPES.find((t) => t.id === (kind === 'invoice' ? 'receipt' : 'invoice'))!;
      const asRight = checkChosenType(classification, TYPES, right);
      const asOther = checkChosenType(classification, TYPES, other);
      tally.documents++;
      if (classification.typeId === kind) tally.right++;
      if (!asRight.suggestion) tally.keptWhenRight++;
      if (asOther.suggestion?.docTypeId === kind) tally.suggestedWhenWrong++;
      if (verbose && (classification.typeId !== kind || asRight.suggestion)) {
        const scores = classification.scores
          .map((s) => `${s.typeId} ${s.score} [${s.evidence.join(' | ')}]`)
          .join('; ');
        console.log(`  ✗ ${d.name} (${kind}): ${classification.typeId ?? 'none'} — ${scores}`);
      }
    }
  }
  await terminateOcr();
  const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : 'n/a');
  const all = [...tallies.values()].reduce(
    (a, t) => ({
      documents: a.documents + t.documents,
      right: a.right + t.right,
      keptWhenRight: a.keptWhenRight + t.keptWhenRight,
      suggestedWhenWrong: a.suggestedWhenWrong + t.suggestedWhenWrong,
    }),
    { documents: 0, right: 0, keptWhenRight: 0, suggestedWhenWrong: 0 },
  );
  if (args.includes('--json')) {
    console.log(JSON.stringify({ half: half ?? 'all', sets: Object.fromEntries(tallies), all }));
    return;
  }
  console.log(`Classification — ${half ? `${half} half` : 'all documents'}`);
  console.log(
    '  set              docs   right type   no suggestion when right   suggests the right type when wrong',
  );
  for (const [name, t] of [...tallies, ['all', all] as const]) {
    console.log(
      `  ${name.padEnd(16)} ${String(t.documents).padStart(4)}   ${pct(t.right, t.documents).padStart(10)}   ${pct(t.keptWhenRight, t.documents).padStart(24)}   ${pct(t.suggestedWhenWrong, t.documents).padStart(34)}`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
