import { afterAll, describe, expect, it } from 'vitest';

import type { Word } from '../src/document.js';
import { readDocument, terminateOcr } from '../src/index.js';
import { EnginePool } from '../src/isolation/engine-pool.js';
import { secondReaderStarts } from '../src/reading/ocr-pool.js';
import { pageLanguage } from '../src/reading/second-reader/page-language.js';
import {
  AGREED_CONFIDENCE,
  DISAGREED_GLYPH,
  reconcileRow,
  withAccents,
} from '../src/reading/second-reader/reconcile-row.js';
import type { SecondWord } from '../src/reading/second-reader/second-reader-pool.js';
import { multiPagePdf, receiptJpeg } from './fixtures/generate.js';

afterAll(async () => {
  await terminateOcr();
});

/** A first reader's word at x0..x1 on a row 20 px tall. */
const first = (text: string, x0: number, x1: number, glyph = 0.8): Word => ({
  text,
  box: [x0, 100, x1, 120],
  confidence: 0.9,
  leastGlyph: glyph,
});
const second = (text: string, x0: number, x1: number, confidence = 0.9): SecondWord => ({
  text,
  box: [x0, 101, x1, 119],
  confidence,
});

describe('reconciling a row with its second reading', () => {
  it('raises a word both readers read alike to a clear reading', () => {
    const [word] = reconcileRow([first('SEKSYEN', 0, 70)], [second('SEKSYEN', 1, 69)]);
    expect(word!.text).toBe('SEKSYEN');
    expect(word!.confidence).toBeGreaterThanOrEqual(AGREED_CONFIDENCE);
    expect(word!.leastGlyph).toBeGreaterThan(0.93);
  });

  it('marks a doubtful word read otherwise as more doubtful and offers the other reading', () => {
    const [word] = reconcileRow([first('FRINTEC', 0, 70, 0.8)], [second('PRINTEC', 1, 69)]);
    expect(word!.text).toBe('FRINTEC');
    expect(word!.leastGlyph).toBeLessThanOrEqual(DISAGREED_GLYPH);
    expect(word!.alternatives?.[0]).toEqual({ text: 'PRINTEC', confidence: 0.9 });
    // a word the first reader read clearly keeps its standing, the other reading offered beside it
    const [clear] = reconcileRow([first('FRINTEC', 0, 70, 0.97)], [second('PRINTEC', 1, 69)]);
    expect(clear!.leastGlyph).toBe(0.97);
    expect(clear!.alternatives?.[0]?.text).toBe('PRINTEC');
  });

  it('takes no side where the readings differ only in glyphs readers confuse', () => {
    const word = first('TD01167104', 0, 100, 0.8);
    expect(reconcileRow([word], [second('TDO1167104', 0, 100)])).toEqual([word]);
  });

  it('lets an unsure second reading speak neither for nor against', () => {
    const word = first('FRINTEC', 0, 70, 0.97);
    expect(reconcileRow([word], [second('PR1NTFC', 1, 69, 0.4)])).toEqual([word]);
  });

  it('joins words split by wide glyph gaps where the second reader read one word', () => {
    // "STAT IONERY": 10 characters over 100 px, split by a 4 px gap, well under a character
    const words = reconcileRow(
      [first('STAT', 0, 38), first('IONERY', 42, 100)],
      [second('STATIONERY', 0, 100)],
    );
    expect(words.map((w) => w.text)).toEqual(['STATIONERY']);
    expect(words[0]!.box).toEqual([0, 100, 100, 120]);
  });

  it('never joins words a space apart, nor words the second reader read apart', () => {
    // a gap as wide as a character is a space, whatever the second reader made of it
    const spaced = reconcileRow(
      [first('SEE', 0, 30), first('THE', 40, 70)],
      [second('SEETHE', 0, 70)],
    );
    expect(spaced.map((w) => w.text)).toEqual(['SEE', 'THE']);
    const apart = reconcileRow(
      [first('THE', 0, 30), first('MALL', 33, 73)],
      [second('THE', 0, 30), second('MALL', 33, 73)],
    );
    expect(apart.map((w) => w.text)).toEqual(['THE', 'MALL']);
  });

  it('takes the accents only the second reader can see, in the first reading’s case', () => {
    expect(withAccents('CONSTRUCOES', 'Construções')).toBe('CONSTRUÇÕES');
    expect(withAccents('Muller', 'Müller')).toBe('Müller');
    expect(withAccents('StraBe', 'Straße')).toBe('Straße');
    expect(withAccents('Muller', 'Moller')).toBeNull();
    const [word] = reconcileRow([first('Sohne', 0, 50, 0.97)], [second('Söhne', 0, 50)]);
    expect(word!.text).toBe('Söhne');
  });
});

describe('the page language', () => {
  const words = (text: string): Word[] => text.split(' ').map((t) => first(t, 0, 1));

  it('is told by the words invoices print in it', () => {
    expect(pageLanguage(words('Rechnung Nr 12 Datum 01.02.2024 Betrag Summe'))).toBe('de');
    expect(pageLanguage(words('Fatura n.º 7 Data Total IVA Rua das Flores'))).toBe('pt');
    expect(pageLanguage(words('TAX INVOICE Total Amount Due'))).toBe('en');
  });

  it('is English where no language stands out', () => {
    expect(pageLanguage(words('KEDAI RUNCIT MAJU SDN BHD JALAN MERANTI'))).toBe('en');
  });
});

describe('reading scans in the seven languages', () => {
  it('keeps a comma at the end of a row', async () => {
    const doc = await readDocument(
      await receiptJpeg(['NO 53, JALAN SAGU 18,', 'TAMAN DAYA,', '81100 JOHOR BAHRU,']),
      'receipt.jpg',
    );
    expect(doc.pages[0]!.lines.map((l) => l.text.trim().slice(-1))).toEqual([',', ',', ',']);
  });

  it('reads the accented letters of a Portuguese, a German and a French invoice', async () => {
    const pages = [
      ['FATURA n.º 2024/118', 'Construções Conceição, Lda.', 'Rua da Estação 4, São João'],
      ['RECHNUNG Nr. 4711', 'Müller & Söhne GmbH', 'Große Straße 12, Köln', 'Datum Summe Betrag'],
      ['FACTURE n° 88', 'Électricité Générale du Rhône', 'Montant TTC des travaux'],
    ];
    const read: string[] = [];
    for (const lines of pages) {
      const doc = await readDocument(await receiptJpeg(lines, 900, 26), 'scan.jpg');
      read.push(...doc.pages[0]!.lines.map((l) => l.text.replace(/\t/g, ' ')));
    }
    expect(read).toContain('Construções Conceição, Lda.');
    expect(read).toContain('Müller & Söhne GmbH');
    expect(read).toContain('Électricité Générale du Rhône');
  });

  it('starts the second reader for scans only, keeps it warm and stops it with the OCR', async () => {
    await terminateOcr();
    const before = secondReaderStarts();
    await readDocument(await multiPagePdf(['Rechnung Nr. 4711 Müller & Söhne GmbH']), 'a.pdf');
    expect(secondReaderStarts()).toBe(before);
    // an engine thread's crops are read by the reader of the thread that owns the OCR workers
    const pool = new EnginePool({ size: 1, timeoutMs: 60_000, maxHeapMb: 512 });
    try {
      const scan = await receiptJpeg(['RECHNUNG Nr. 4711', 'Müller & Söhne GmbH', 'Datum Summe']);
      expect(await pool.run('readText', [scan, 'scan.jpg'])).toContain('Müller & Söhne GmbH');
    } finally {
      await pool.close();
    }
    expect(secondReaderStarts()).toBe(before + 1);
    const again = await receiptJpeg(['RECHNUNG Nr. 4712', 'Müller & Söhne GmbH', 'Datum Summe']);
    await readDocument(again, 'again.jpg');
    expect(secondReaderStarts()).toBe(before + 1);
    await terminateOcr();
    await readDocument(again, 'again.jpg');
    expect(secondReaderStarts()).toBe(before + 2);
  });
});
