import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { main } from '../src/cli/main.js';
import { ocrModelLoads } from '../src/index.js';
import { receiptJpeg, twoColumnInvoicePdf } from './fixtures/generate.js';

let dir: string;
let invoice: string;
let receipt: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'parser-extract-'));
  invoice = path.join(dir, 'invoice.pdf');
  receipt = path.join(dir, 'receipt.jpg');
  await writeFile(invoice, await twoColumnInvoicePdf());
  await writeFile(receipt, await receiptJpeg(['KEDAI MAJU SDN BHD', 'TOTAL 12.30']));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the command and answers its exit code and what it printed to stdout, line by line. */
async function run(argv: string[]): Promise<{ code: number; lines: string[] }> {
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((s: unknown) => printed.push(String(s)));
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const code = await main(argv);
    return { code, lines: printed.join('\n').split('\n').filter(Boolean) };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('parser-extract', () => {
  it('prints its usage and exits 0 with --help, 2 without files', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.lines[0]).toMatch(/^usage: parser-extract <file>/);
    expect((await run([])).code).toBe(2);
  });

  it('reads a digital PDF without loading any OCR model', async () => {
    const { code, lines } = await run([invoice, '--json']);
    expect(code).toBe(0);
    const out = JSON.parse(lines[0]!) as {
      format: string;
      fields: Record<string, { value: unknown }>;
    };
    expect(out.format).toBe('pdf');
    expect(out.fields.invoice_number?.value).toBe('INV-2024-0042');
    expect(ocrModelLoads()).toBe(0);
  });

  it('reads many files in one run, one JSON line each, and names a file it cannot read', async () => {
    const missing = path.join(dir, 'missing.png');
    const { code, lines } = await run([invoice, receipt, missing, '--json', '--preset', 'receipt']);
    expect(code).toBe(1);
    const out = lines.map(
      (l) => JSON.parse(l) as { file: string; format?: string; error?: string },
    );
    expect(out.map((o) => o.file)).toEqual([invoice, receipt, missing]);
    expect(out.map((o) => o.format)).toEqual(['pdf', 'jpeg', undefined]);
    expect(out[2]!.error).toMatch(/ENOENT|no such file/);
    // the scan needed OCR: its models were loaded once for this run
    expect(ocrModelLoads()).toBeGreaterThan(0);
  });
});
