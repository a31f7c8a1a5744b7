/**
 * Writes a generated invoice (default) or receipt corpus with ground truth:
 *
 *   npm run corpus -w packages/test-documents -- --out <dir> --count N --seed S
 *     [--kind invoices|receipts] [--scanned-share 0.5] [--inconsistent-share 0]
 */
import { parseArgs } from 'node:util';

import { writeReceipts } from '../receipts/generate-receipts.js';
import { writeCorpus } from './generate.js';

const USAGE =
  'usage: corpus --out <dir> --count N --seed S [--kind invoices|receipts] [--scanned-share 0.5] [--inconsistent-share 0]';

function share(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1)
    throw new Error(`${name} must be between 0 and 1`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      count: { type: 'string', default: '50' },
      seed: { type: 'string', default: '1' },
      kind: { type: 'string', default: 'invoices' },
      'scanned-share': { type: 'string' },
      'inconsistent-share': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = Number(values.count);
  const kind = values.kind;
  if (!values.out || !Number.isInteger(count) || count < 1) throw new Error(USAGE);
  if (kind !== 'invoices' && kind !== 'receipts') throw new Error(USAGE);
  const started = performance.now();
  const options = {
    seed: values.seed ?? '1',
    scannedShare: share(values['scanned-share'], 0.5, '--scanned-share'),
    inconsistentShare: share(values['inconsistent-share'], 0, '--inconsistent-share'),
  };
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (kind === 'receipts') {
    const written = await writeReceipts(values.out, count, options);
    console.log(
      `${written.documents} receipts (${written.scanned} scanned) in ${written.directory} in ${seconds()}`,
    );
    return;
  }
  const written = await writeCorpus(values.out, count, options);
  console.log(
    `${written.documents} invoices (${written.scanned} scanned, ${written.pages} pages) in ${written.directory} ` +
      `in ${seconds()}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
