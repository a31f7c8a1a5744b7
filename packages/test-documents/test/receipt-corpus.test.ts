import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { readDocument } from '@parser/extraction';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  generateReceipts,
  RECEIPT_INCONSISTENCY_KINDS,
  RECEIPT_LAYOUT_IDS,
  type ReceiptCorpusOptions,
  type ReceiptDocument,
  type ReceiptGroundTruth,
  writeReceipts,
} from '../src/index.js';

import { cents, lineCents, printedFigure } from './ground-truth-figures.js';

async function collect(count: number, options: ReceiptCorpusOptions): Promise<ReceiptDocument[]> {
  const documents: ReceiptDocument[] = [];
  for await (const document of generateReceipts(count, options)) documents.push(document);
  return documents;
}

/** What the arithmetic of a receipt's ground truth says, in whole cents. */
function arithmetic(truth: ReceiptGroundTruth) {
  const lines = lineCents(truth.lines);
  const subtotal = cents(truth.subtotal);
  const discount = cents(truth.discount);
  const service = cents(truth.service_charge);
  const tax = cents(truth.tax);
  const { tax_mode: mode, tax_rate: rate } = truth.meta;
  const base = subtotal - discount + service;
  const total = cents(truth.total);
  return {
    misprintedLines: lines.flatMap((line, index) =>
      line.printed === line.computed ? [] : [index],
    ),
    linesSum: lines.reduce((sum, line) => sum + line.printed, 0),
    subtotal,
    service,
    expectedService: Math.round((subtotal - discount) * truth.meta.service_rate),
    tax,
    expectedTax:
      mode === 'added'
        ? Math.round(base * rate)
        : mode === 'included'
          ? Math.round((base * rate) / (1 + rate))
          : 0,
    total,
    expectedTotal: base + (mode === 'added' ? tax : 0) + cents(truth.rounding),
    change: truth.cash_tendered === undefined ? 0 : cents(truth.cash_tendered) - total,
    printedChange: cents(truth.change),
  };
}

/** The ISO date in the receipt's printed format ("dd/mm/yyyy", "dd-mm-yy", …); month names by pattern. */
function datePattern(iso: string, format: string): RegExp {
  const [year = '', month = '', day = ''] = iso.split('-');
  const escaped = format.replace(/[./]/g, (c) => `\\${c}`);
  const source = escaped
    .replace('yyyy', year)
    .replace('yy', year.slice(2))
    .replace('MMM', '\\S{3,5}')
    .replace('mm', month)
    .replace('dd', day)
    .replace(/\bm\b/, String(Number(month)))
    .replace(/\bd\b/, String(Number(day)));
  return new RegExp(`(?<!\\d)${source}(?!\\d)`);
}

async function printedText(document: ReceiptDocument): Promise<string> {
  const read = await readDocument(document.bytes, document.fileName);
  expect(read.pages).toHaveLength(1);
  return read.text.replace(/\s+/g, ' ');
}

describe('generated receipt corpus', () => {
  let mixed: ReceiptDocument[];
  let digital: ReceiptDocument[];
  beforeAll(async () => {
    mixed = await collect(40, { seed: 'receipts' });
    digital = await collect(40, { seed: 7, scannedShare: 0 });
  });

  it('gives the same documents and ground truth for the same seed, and others for another seed', async () => {
    const first = await collect(6, { seed: 42, scannedShare: 0.5 });
    const again = await collect(6, { seed: 42, scannedShare: 0.5 });
    const other = await collect(6, { seed: 43, scannedShare: 0.5 });
    expect(again.map((d) => d.groundTruth)).toEqual(first.map((d) => d.groundTruth));
    again.forEach((document, index) => {
      expect(Buffer.from(document.bytes).equals(Buffer.from(first[index]?.bytes ?? []))).toBe(true);
    });
    expect(other.map((d) => d.groundTruth.receipt_number)).not.toEqual(
      first.map((d) => d.groundTruth.receipt_number),
    );
    other.forEach((document, index) => {
      expect(Buffer.from(document.bytes).equals(Buffer.from(first[index]?.bytes ?? []))).toBe(
        false,
      );
    });
    // A document does not depend on how many were asked for.
    const longer = await collect(8, { seed: 42, scannedShare: 0.5 });
    expect(longer.slice(0, 6).map((d) => d.groundTruth)).toEqual(first.map((d) => d.groundTruth));
  });

  it('covers every layout, scans and PDFs, and the variations real receipts have', () => {
    const metas = mixed.map((d) => d.groundTruth.meta);
    expect(new Set(metas.map((m) => m.layout))).toEqual(new Set(RECEIPT_LAYOUT_IDS));
    expect(RECEIPT_LAYOUT_IDS.length).toBeGreaterThanOrEqual(4);
    expect(metas.some((m) => m.scanned)).toBe(true);
    expect(metas.some((m) => !m.scanned)).toBe(true);
    const all = [...mixed, ...digital].map((d) => d.groundTruth);
    const allMetas = all.map((t) => t.meta);
    expect(new Set(allMetas.map((m) => m.tax_mode))).toEqual(
      new Set(['added', 'included', 'none']),
    );
    expect(allMetas.map((m) => m.language)).toContain('ms');
    expect(allMetas.map((m) => m.language)).toContain('en');
    expect(new Set(allMetas.map((m) => m.language)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(allMetas.map((m) => m.date_format)).size).toBeGreaterThanOrEqual(4);
    expect(allMetas.some((m) => m.rounding)).toBe(true);
    expect(allMetas.some((m) => !m.subtotal_printed)).toBe(true);
    expect(new Set(allMetas.map((m) => m.paper_mm)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(all.map((t) => t.currency))).toContain('MYR');
    expect(new Set(all.map((t) => t.currency)).size).toBeGreaterThanOrEqual(3);
    expect(all.some((t) => t.service_charge)).toBe(true);
    expect(all.some((t) => t.discount)).toBe(true);
    expect(Math.min(...allMetas.map((m) => m.item_count))).toBeGreaterThanOrEqual(1);
    expect(Math.max(...allMetas.map((m) => m.item_count))).toBeLessThanOrEqual(25);
    for (const truth of all) {
      expect(truth.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(truth.total).toMatch(/^\d+\.\d{2}$/);
      expect(truth.address.length).toBeGreaterThan(0);
      expect(truth.address).not.toContain(truth.company);
    }
  });

  it('adds up to the cent when no inconsistency is asked for', () => {
    for (const { groundTruth: truth, name } of [...mixed, ...digital]) {
      expect(truth.meta.inconsistency, name).toBeUndefined();
      const sums = arithmetic(truth);
      expect(sums.misprintedLines, name).toEqual([]);
      expect(sums.linesSum, name).toBe(sums.subtotal);
      expect(sums.service, name).toBe(sums.expectedService);
      expect(sums.tax, name).toBe(sums.expectedTax);
      expect(sums.total, name).toBe(sums.expectedTotal);
      expect(sums.printedChange, name).toBe(sums.change);
      if (truth.rounding !== undefined) {
        expect(sums.total % 5, name).toBe(0);
        expect(Math.abs(cents(truth.rounding)), name).toBeLessThanOrEqual(2);
      }
      if (truth.payment_method === 'cash')
        expect(cents(truth.cash_tendered), name).toBeGreaterThanOrEqual(sums.total);
    }
  });

  it('prints the company, address, number, date, total and every item in a digital receipt’s text layer', async () => {
    for (const document of digital) {
      const truth = document.groundTruth;
      const flat = await printedText(document);
      const where = `${document.name} (${truth.meta.layout}, ${truth.meta.country})`;
      expect(flat, where).toContain(truth.company);
      expect(flat, where).toContain(truth.receipt_number);
      expect(flat, where).toMatch(datePattern(truth.date, truth.meta.date_format));
      expect(flat, where).toContain(printedFigure(truth.total, truth.meta.number_format));
      for (const line of truth.lines) {
        expect(flat, where).toContain(line.description);
        expect(flat, where).toContain(printedFigure(line.amount, truth.meta.number_format));
      }
      for (const part of truth.address.split(', ')) expect(flat, where).toContain(part);
    }
  });

  it('seeds exactly one recorded inconsistency per receipt when asked, in the recorded place', async () => {
    const documents = await collect(40, {
      seed: 'reconcile',
      scannedShare: 0,
      inconsistentShare: 1,
    });
    const kinds = new Set<string>();
    for (const document of documents) {
      const { groundTruth: truth, name } = document;
      const sums = arithmetic(truth);
      const inconsistency = truth.meta.inconsistency;
      expect(inconsistency, name).toBeDefined();
      kinds.add(inconsistency?.kind ?? '');
      const kind = inconsistency?.kind;
      // The wrong figure is the one printed.
      const flat = await printedText(document);
      const wrong =
        kind === 'line_amount'
          ? truth.lines[inconsistency?.line ?? -1]?.amount
          : kind === 'subtotal'
            ? truth.subtotal
            : kind === 'tax'
              ? truth.tax
              : truth.total;
      expect(flat, name).toContain(printedFigure(wrong ?? 'missing', truth.meta.number_format));

      expect(sums.misprintedLines, name).toEqual(
        kind === 'line_amount' ? [inconsistency?.line] : [],
      );
      if (kind === 'subtotal')
        expect(Math.abs(sums.linesSum - sums.subtotal), name).toBeGreaterThanOrEqual(100);
      else expect(sums.linesSum, name).toBe(sums.subtotal);
      expect(sums.service, name).toBe(sums.expectedService);
      if (kind === 'tax')
        expect(Math.abs(sums.tax - sums.expectedTax), name).toBeGreaterThanOrEqual(100);
      else expect(sums.tax, name).toBe(sums.expectedTax);
      if (kind === 'total')
        expect(Math.abs(sums.total - sums.expectedTotal), name).toBeGreaterThanOrEqual(100);
      else expect(sums.total, name).toBe(sums.expectedTotal);
      expect(sums.printedChange, name).toBe(sums.change);
    }
    expect(kinds).toEqual(new Set(RECEIPT_INCONSISTENCY_KINDS));
    const some = await collect(40, { seed: 'reconcile', scannedShare: 0, inconsistentShare: 0.3 });
    const flagged = some.filter((d) => d.groundTruth.meta.inconsistency).length;
    expect(flagged).toBeGreaterThan(3);
    expect(flagged).toBeLessThan(25);
  });

  it('delivers scans as narrow JPEG/PNG images or image-only PDFs under 2 MB', async () => {
    const scans = await collect(10, { seed: 'scans', scannedShare: 1 });
    const formats = new Set<string>();
    for (const scan of scans) {
      const meta = scan.groundTruth.meta;
      expect(meta.scanned).toBe(true);
      formats.add(meta.format);
      expect(scan.bytes.length, scan.name).toBeLessThan(2 * 1024 * 1024);
      expect(meta.scan?.dpi).toBeGreaterThanOrEqual(150);
      expect(meta.scan?.dpi).toBeLessThanOrEqual(200);
      expect(Math.abs(meta.scan?.skew ?? 9)).toBeLessThanOrEqual(2);
      expect(meta.scan?.fade).toBeGreaterThan(0);
      if (meta.format === 'pdf') {
        const raw = Buffer.from(scan.bytes).toString('latin1');
        expect(raw).toContain('/DCTDecode');
        // No text layer: the reader must OCR it.
        expect(raw).not.toContain('/Font');
        expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
      } else {
        const image = await sharp(scan.bytes).metadata();
        const widthMm = ((image.width ?? 0) / (meta.scan?.dpi ?? 1)) * 25.4;
        expect(Math.abs(widthMm - meta.paper_mm), scan.name).toBeLessThan(1);
        expect(image.height ?? 0).toBeGreaterThan(image.width ?? 0);
        expect(image.format).toBe(meta.format === 'jpeg' ? 'jpeg' : 'png');
      }
    }
    expect(formats.has('pdf')).toBe(true);
    expect(formats.has('jpeg') || formats.has('png')).toBe(true);
  });

  it('writes each receipt beside its .gt.json', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'receipts-'));
    try {
      const written = await writeReceipts(directory, 3, { seed: 5, scannedShare: 0 });
      expect(written.documents).toBe(3);
      expect((await readdir(directory)).sort()).toEqual([
        'receipt-0001.gt.json',
        'receipt-0001.pdf',
        'receipt-0002.gt.json',
        'receipt-0002.pdf',
        'receipt-0003.gt.json',
        'receipt-0003.pdf',
      ]);
      const truth = JSON.parse(
        await readFile(path.join(directory, 'receipt-0002.gt.json'), 'utf8'),
      ) as ReceiptGroundTruth;
      expect(Object.keys(truth)).toEqual(
        expect.arrayContaining(['company', 'date', 'address', 'total', 'lines', 'meta']),
      );
      expect(truth.currency).toMatch(/^[A-Z]{3}$/);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
