import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { readDocument } from '@parser/extraction';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  type CorpusDocument,
  type CorpusOptions,
  generateCorpus,
  type InvoiceGroundTruth,
  LANGUAGE_PACKS,
  LANGUAGES,
  LAYOUT_IDS,
  writeCorpus,
} from '../src/index.js';

import { cents, lineCents, printedFigure } from './ground-truth-figures.js';

async function collect(count: number, options: CorpusOptions): Promise<CorpusDocument[]> {
  const documents: CorpusDocument[] = [];
  for await (const document of generateCorpus(count, options)) documents.push(document);
  return documents;
}

/** What the arithmetic of an invoice's ground truth says, in whole cents. */
function arithmetic(truth: InvoiceGroundTruth) {
  const lines = lineCents(truth.lines);
  return {
    misprintedLines: lines.flatMap((line, index) =>
      line.printed === line.computed ? [] : [index],
    ),
    linesSum: lines.reduce((sum, line) => sum + line.printed, 0),
    subtotal: cents(truth.subtotal),
    tax: cents(truth.tax),
    total: cents(truth.total),
  };
}

/** Every way the document's language may print the date: numeric in its order, or written out. */
function datePatterns(iso: string, truth: InvoiceGroundTruth): RegExp {
  const [year = '', month = '', day = ''] = iso.split('-');
  const d = `0?${Number(day)}`;
  const m = `0?${Number(month)}`;
  const sep = '[./-]';
  if (truth.meta.date_style === 'numeric') {
    const order = truth.meta.date_order;
    const parts =
      order === 'dmy' ? [d, m, year] : order === 'mdy' ? [m, d, year] : [year, month, day];
    return new RegExp(`(?<!\\d)${parts.join(sep)}(?!\\d)`);
  }
  const monthName = LANGUAGE_PACKS[truth.meta.language as keyof typeof LANGUAGE_PACKS].months[
    Number(month) - 1
  ] as string;
  const dayText = `(?:${Number(day)}|1er)`;
  return new RegExp(
    `(${dayText}\\.? (de )?${monthName}( de)? ${year}|${dayText} ${monthName.slice(0, 3)} ${year}|${monthName}( ${Number(day)},)? ${year}|${monthName.slice(0, 3)} ${Number(day)}, ${year})`,
    'i',
  );
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('generated invoice corpus', () => {
  let digital: CorpusDocument[];
  beforeAll(async () => {
    // 11 layouts × 7 languages take turns: 77 documents hold every pair once.
    digital = await collect(77, { seed: 'coverage', scannedShare: 0 });
  });

  it('gives the same documents and ground truth for the same seed, and others for another seed', async () => {
    const first = await collect(6, { seed: 42, scannedShare: 0.5 });
    const again = await collect(6, { seed: 42, scannedShare: 0.5 });
    const other = await collect(6, { seed: 43, scannedShare: 0.5 });
    expect(again.map((d) => d.groundTruth)).toEqual(first.map((d) => d.groundTruth));
    again.forEach((document, index) => {
      expect(Buffer.from(document.bytes).equals(Buffer.from(first[index]?.bytes ?? []))).toBe(true);
    });
    expect(other.map((d) => d.groundTruth.invoice_number)).not.toEqual(
      first.map((d) => d.groundTruth.invoice_number),
    );
    // A document does not depend on how many were asked for.
    const longer = await collect(8, { seed: 42, scannedShare: 0.5 });
    expect(longer.slice(0, 6).map((d) => d.groundTruth)).toEqual(first.map((d) => d.groundTruth));
  });

  it('covers every layout, language and the variations real invoices have', () => {
    const metas = digital.map((d) => d.groundTruth.meta);
    expect(new Set(metas.map((m) => m.layout))).toEqual(new Set(LAYOUT_IDS));
    expect(LAYOUT_IDS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(metas.map((m) => m.language))).toEqual(new Set(LANGUAGES));
    expect(new Set(metas.map((m) => `${m.layout}/${m.language}`)).size).toBe(77);
    expect(new Set(metas.map((m) => m.vendor_position))).toEqual(
      new Set(['left', 'right', 'top', 'bottom']),
    );
    const numericOrders = new Set(
      metas.filter((m) => m.date_style === 'numeric').map((m) => m.date_order),
    );
    expect(numericOrders).toContain('dmy');
    expect(numericOrders).toContain('mdy');
    expect(metas.some((m) => m.date_style === 'written')).toBe(true);
    for (const format of ['1,234.56', '1.234,56', '1 234,56'])
      expect(metas.map((m) => m.number_format)).toContain(format);
    expect(new Set(metas.map((m) => m.tax_mode))).toEqual(new Set(['per_line', 'total']));
    expect(metas.some((m) => m.tax_rates.length > 1)).toBe(true);
    expect(metas.some((m) => m.pages > 1)).toBe(true);
    expect(metas.some((m) => m.multi_line_descriptions)).toBe(true);
    expect(Math.min(...metas.map((m) => m.line_count))).toBeGreaterThanOrEqual(1);
    expect(Math.max(...metas.map((m) => m.line_count))).toBeLessThanOrEqual(30);
    expect(new Set(digital.map((d) => d.groundTruth.currency)).size).toBeGreaterThanOrEqual(5);
    expect(digital.some((d) => d.groundTruth.vendor_tax_id)).toBe(true);
  });

  it('prints every ground-truth value in the language’s own formats (digital PDFs read back)', async () => {
    for (const document of digital) {
      const truth = document.groundTruth;
      const read = await readDocument(document.bytes, document.fileName);
      expect(read.pages).toHaveLength(truth.meta.pages);
      const text = read.text;
      const flat = text.replace(/\s+/g, ' ');
      const where = `${document.name} (${truth.meta.layout}, ${truth.meta.country})`;
      expect(flat, where).toContain(truth.invoice_number);
      expect(flat, where).toMatch(datePatterns(truth.date, truth));
      if (truth.due_date) expect(flat, where).toMatch(datePatterns(truth.due_date, truth));
      if (truth.po_number) expect(flat, where).toContain(truth.po_number);
      if (truth.vendor_tax_id) expect(flat, where).toContain(truth.vendor_tax_id);
      // Narrow blocks wrap names over lines; every word is still printed.
      for (const word of [...words(truth.vendor), ...words(truth.bill_to)])
        expect(flat, where).toContain(word);
      for (const amount of [truth.subtotal, truth.tax, truth.total])
        expect(flat, where).toContain(printedFigure(amount, truth.meta.number_format));
      for (const line of truth.lines) {
        expect(flat, where).toContain(printedFigure(line.amount, truth.meta.number_format));
        for (const word of words(line.description)) expect(flat, where).toContain(word);
      }
      // The currency shows as its code or its usual symbol.
      const marks: Record<string, string[]> = {
        USD: ['$', 'USD'],
        AUD: ['$', 'AUD'],
        MXN: ['$', 'MXN'],
        EUR: ['€', 'EUR'],
        GBP: ['£', 'GBP'],
        CHF: ['CHF', 'Fr.'],
        BRL: ['R$'],
      };
      expect(
        marks[truth.currency]?.some((mark) => flat.includes(mark)),
        where,
      ).toBe(true);
      // "$" alone does not say which dollar or peso: the code must be printed too.
      if (['AUD', 'MXN'].includes(truth.currency)) expect(flat, where).toContain(truth.currency);
    }
  });

  it('adds up to the cent when no inconsistency is asked for', () => {
    for (const { groundTruth: truth, name } of digital) {
      expect(truth.inconsistency, name).toBeUndefined();
      const sums = arithmetic(truth);
      expect(sums.misprintedLines, name).toEqual([]);
      expect(sums.linesSum, name).toBe(sums.subtotal);
      expect(sums.subtotal + sums.tax, name).toBe(sums.total);
    }
  });

  it('seeds exactly one recorded inconsistency per document when asked', async () => {
    const documents = await collect(45, {
      seed: 'reconcile',
      scannedShare: 0,
      inconsistentShare: 1,
    });
    const kinds = new Set<string>();
    for (const { groundTruth: truth, name } of documents) {
      const sums = arithmetic(truth);
      const inconsistency = truth.inconsistency;
      expect(inconsistency, name).toBeDefined();
      kinds.add(inconsistency?.kind ?? '');
      switch (inconsistency?.kind) {
        case 'line_amount':
          expect(sums.misprintedLines, name).toEqual([inconsistency.line]);
          expect(sums.linesSum, name).toBe(sums.subtotal);
          expect(sums.subtotal + sums.tax, name).toBe(sums.total);
          break;
        case 'subtotal':
          expect(sums.misprintedLines, name).toEqual([]);
          expect(Math.abs(sums.linesSum - sums.subtotal), name).toBeGreaterThanOrEqual(100);
          expect(sums.subtotal + sums.tax, name).toBe(sums.total);
          break;
        case 'total':
          expect(sums.misprintedLines, name).toEqual([]);
          expect(sums.linesSum, name).toBe(sums.subtotal);
          expect(Math.abs(sums.subtotal + sums.tax - sums.total), name).toBeGreaterThanOrEqual(100);
          break;
        case undefined:
          break;
      }
    }
    expect(kinds).toEqual(new Set(['line_amount', 'subtotal', 'total']));
    const mixed = await collect(40, { seed: 'reconcile', scannedShare: 0, inconsistentShare: 0.3 });
    const flagged = mixed.filter((d) => d.groundTruth.inconsistency).length;
    expect(flagged).toBeGreaterThan(3);
    expect(flagged).toBeLessThan(25);
  });

  it('delivers scans as 150–200 dpi skewed JPEG/PNG images or image-only PDFs', async () => {
    const scans = await collect(10, { seed: 'scans', scannedShare: 1 });
    const formats = new Set<string>();
    for (const scan of scans) {
      const meta = scan.groundTruth.meta;
      expect(meta.scanned).toBe(true);
      formats.add(meta.format);
      expect(meta.scan?.dpi).toBeGreaterThanOrEqual(150);
      expect(meta.scan?.dpi).toBeLessThanOrEqual(200);
      expect(Math.abs(meta.scan?.skew ?? 9)).toBeLessThanOrEqual(2);
      if (meta.format === 'pdf') {
        const raw = Buffer.from(scan.bytes).toString('latin1');
        expect(raw).toContain('/DCTDecode');
        // No text layer: the reader must OCR it.
        expect(raw).not.toContain('/Font');
        expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(meta.pages);
      } else {
        const image = await sharp(scan.bytes).metadata();
        const widthInches = (image.width ?? 0) / (meta.scan?.dpi ?? 1);
        expect(widthInches).toBeCloseTo(8.27, 1);
        expect(image.format).toBe(meta.format === 'jpeg' ? 'jpeg' : 'png');
      }
    }
    expect(formats.has('pdf')).toBe(true);
    expect(formats.has('jpeg') || formats.has('png')).toBe(true);
  });

  it('writes each document beside its .gt.json', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'corpus-'));
    try {
      const written = await writeCorpus(directory, 3, { seed: 5, scannedShare: 0 });
      expect(written.documents).toBe(3);
      const names = (await readdir(directory)).sort();
      expect(names).toEqual([
        'invoice-0001.gt.json',
        'invoice-0001.pdf',
        'invoice-0002.gt.json',
        'invoice-0002.pdf',
        'invoice-0003.gt.json',
        'invoice-0003.pdf',
      ]);
      const truth = JSON.parse(
        await readFile(path.join(directory, 'invoice-0002.gt.json'), 'utf8'),
      ) as InvoiceGroundTruth;
      expect(truth.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(truth.total).toMatch(/^\d+\.\d{2}$/);
      expect(truth.currency).toMatch(/^[A-Z]{3}$/);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
