import { afterEach, describe, expect, it } from 'vitest';

import { EnginePool } from '../src/isolation/engine-pool.js';
import { EngineStoppedError } from '../src/isolation/engine-stopped-error.js';
import { extractBySchema } from '../src/extract/index.js';
import { DocumentReadError } from '../src/reading/errors.js';
import type { ReadDocument } from '../src/document.js';
import { page } from './extract-helpers.js';

const invoice: ReadDocument = {
  format: 'pdf',
  pages: [page(['Invoice No: INV-2291', 'Date: 14/03/2025', 'Total: 1,234.50'])],
  text: 'Invoice No: INV-2291\nDate: 14/03/2025\nTotal: 1,234.50',
};
const schema = {
  fields: [
    { key: 'invoice_number', label: 'Invoice number', type: 'string' as const, required: false },
    { key: 'total', label: 'Total', type: 'number' as const, required: false },
  ],
  tables: [],
};

/** A document far larger than a small heap holds: a page of many thousand lines. */
function hugeDocument(lines: number): ReadDocument {
  const specs = Array.from(
    { length: lines },
    (_, i) => `Row ${i} of a long page with many words ${i * 7}`,
  );
  const big = page(specs);
  return { format: 'pdf', pages: [big], text: specs.join('\n') };
}

const pools: EnginePool[] = [];
function poolOf(limits: Partial<ConstructorParameters<typeof EnginePool>[0]> = {}): EnginePool {
  const pool = new EnginePool({ size: 1, timeoutMs: 60_000, maxHeapMb: 512, ...limits });
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('the engine pool', () => {
  it('answers what the engine answers in this thread', async () => {
    const inThread = extractBySchema(invoice, schema);
    const isolated = await poolOf().run('extract', [invoice, schema]);
    expect(isolated).toEqual(inThread);
    expect(isolated.fields.invoice_number?.value).toBe('INV-2291');
  }, 60_000);

  it('passes on why a file cannot be read, in the words people see', async () => {
    const failure = await poolOf()
      .run('read', [new Uint8Array(), 'empty.pdf'])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DocumentReadError);
    expect((failure as DocumentReadError).code).toBe('EMPTY');
    expect((failure as DocumentReadError).userMessage).toBe('The file is empty.');
  }, 60_000);

  it('ends a task that passes its time limit and tells the clerk how long it took', async () => {
    const stops: string[] = [];
    const pool = poolOf({
      timeoutMs: 1,
      onStop: (task, reason) => stops.push(`${task}:${reason}`),
    });
    const failure = await pool.run('extract', [invoice, schema]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineStoppedError);
    expect((failure as EngineStoppedError).reason).toBe('timeout');
    expect((failure as Error).message).toBe(
      'This document took longer than 0 s to extract; retry or contact support.',
    );
    expect(stops).toEqual(['extract:timeout']);
    expect(pool.threadCount).toBe(0);
  }, 60_000);

  it('ends a thread that runs out of memory and goes on with a new one', async () => {
    const pool = poolOf({ maxHeapMb: 192 });
    const failure = await pool
      .run('extract', [hugeDocument(300_000), schema])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineStoppedError);
    expect((failure as EngineStoppedError).reason).toBe('memory');
    expect((failure as Error).message).toContain('needed more than 192 MB of memory to extract');
    // the next document is served by a fresh thread
    const next = await pool.run('extract', [invoice, schema]);
    expect(next.fields.invoice_number?.value).toBe('INV-2291');
  }, 120_000);

  it('runs interactive work before background work that waits', async () => {
    const pool = poolOf();
    const order: string[] = [];
    const first = pool.run('extract', [invoice, schema]).then(() => order.push('first'));
    const background = pool.run('extract', [invoice, schema]).then(() => order.push('background'));
    const interactive = pool
      .run('extract', [invoice, schema], 'interactive')
      .then(() => order.push('interactive'));
    await Promise.all([first, background, interactive]);
    expect(order).toEqual(['first', 'interactive', 'background']);
  }, 60_000);
});
