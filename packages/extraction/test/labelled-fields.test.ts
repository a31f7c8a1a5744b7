/**
 * Fields and tables of any document type read by what their names mean, measured on generated
 * business documents (purchase orders, payslips, bank statements, lab reports… in seven
 * languages) against the generator's ground truth. The documents use a seed of their own, not the
 * benchmark's, and no document's values are written here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ARRANGEMENTS,
  type BusinessGroundTruth,
  businessDocument,
  KIND_IDS,
  type KindId,
} from '@parser/test-documents';
import type { ExtractedValue, ExtractionResult } from '../src/document.js';
import { extractBySchema } from '../src/extract/index.js';
import { readDocument } from '../src/reading/index.js';

interface Read {
  truth: BusinessGroundTruth;
  result: ExtractionResult;
}

const PER_KIND = 7;
const SEED = 'labelled-fields';

const norm = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s,]+/g, '')
    .replace(/\.+$/, '');

/** Whether a value is the truth's: dates as ISO dates, figures as numbers, text without case or spaces. */
function right(
  type: string,
  expected: string | null,
  got: ExtractedValue['value'] | undefined,
): boolean {
  const empty = got === null || got === undefined || got === '';
  if (expected === null || expected === '') return empty;
  if (empty) return false;
  if (type === 'date') return String(got).slice(0, 10) === expected;
  if (type === 'number' || type === 'currency')
    return typeof got === 'number' && Math.abs(got - Number(expected)) < 0.005;
  if (type === 'boolean') return String(got) === expected;
  return norm(String(got)) === norm(expected);
}

let documents: Read[] = [];

beforeAll(async () => {
  const read: Read[] = [];
  for (let index = 0; index < PER_KIND * KIND_IDS.length; index++) {
    const document = await businessDocument(index, { seed: SEED, split: 'dev', scannedShare: 0 });
    const doc = await readDocument(Buffer.from(document.bytes), document.fileName);
    read.push({
      truth: document.groundTruth,
      result: extractBySchema(doc, document.groundTruth.schema),
    });
  }
  documents = read;
}, 300_000);

/** The share of fields right among those `pick` chooses. */
function shareRight(
  of: Read[],
  pick: (
    field: { key: string; label: string; type: string },
    truth: BusinessGroundTruth,
  ) => boolean,
): { right: number; of: number } {
  let ok = 0;
  let n = 0;
  for (const { truth, result } of of)
    for (const field of truth.schema.fields) {
      if (!pick(field, truth)) continue;
      n++;
      if (right(field.type, truth.fields[field.key]!.value, result.fields[field.key]?.value)) ok++;
    }
  return { right: ok, of: n };
}

const ofKind = (kind: KindId) => documents.filter((d) => d.truth.kind === kind);

/** A field asked for by a word of its label or key. */
const asks = (field: { key: string; label: string }, ...words: string[]) =>
  words.some((w) =>
    new RegExp(`\\b${w}`, 'i').test(`${field.key.replace(/_/g, ' ')} ${field.label}`),
  );

describe('fields read by what they mean', () => {
  it.each(ARRANGEMENTS)('reads printed values in the %s arrangement', (arrangement) => {
    const share = shareRight(
      documents.filter((d) => d.truth.arrangement === arrangement),
      (field, truth) => truth.fields[field.key]!.value !== null,
    );
    expect(share.of).toBeGreaterThan(20);
    expect(share.right / share.of).toBeGreaterThanOrEqual(arrangement === 'letter' ? 0.65 : 0.8);
  });

  it('reads the fields of documents in each of the seven languages', () => {
    const languages = new Set(documents.map((d) => d.truth.language));
    expect(languages.size).toBe(7);
    for (const language of languages) {
      const share = shareRight(
        documents.filter((d) => d.truth.language === language),
        () => true,
      );
      expect(share.right / share.of, language).toBeGreaterThanOrEqual(0.75);
    }
  });

  it('tells issue, effective and expiry dates apart', () => {
    const certificates = ofKind('insurance_certificate');
    const share = shareRight(certificates, (field) => field.type === 'date');
    expect(share.of).toBeGreaterThanOrEqual(2 * PER_KIND);
    expect(share.right / share.of).toBeGreaterThanOrEqual(0.85);
    // the effective date is never given as the expiry date, nor the other way round
    for (const { truth, result } of certificates) {
      const start = truth.schema.fields.find((f) => asks(f, 'effective', 'start', 'cover from'));
      const end = truth.schema.fields.find((f) => asks(f, 'expiry', 'end', 'valid until'));
      if (start && end && result.fields[start.key]?.value)
        expect(result.fields[start.key]!.value).not.toBe(truth.fields[end.key]!.value);
    }
  });

  it('tells gross pay, deductions and net pay apart', () => {
    const share = shareRight(ofKind('payslip'), (field) => field.type === 'currency');
    expect(share.of).toBeGreaterThanOrEqual(3 * PER_KIND);
    expect(share.right / share.of).toBeGreaterThanOrEqual(0.85);
  });

  it('tells a date of birth from the dates a sample was taken and reported', () => {
    const share = shareRight(ofKind('lab_report'), (field) => field.type === 'date');
    expect(share.right / share.of).toBeGreaterThanOrEqual(0.85);
  });

  it('tells the buyer from the supplier and the shipper from the consignee', () => {
    const parties = shareRight(
      [...ofKind('purchase_order'), ...ofKind('bill_of_lading')],
      (field) =>
        asks(
          field,
          'buyer',
          'buying',
          'ordering',
          'supplier',
          'vendor',
          'shipper',
          'exporter',
          'consignor',
          'consignee',
          'receiver',
          'importer',
        ),
    );
    expect(parties.of).toBeGreaterThanOrEqual(3 * PER_KIND);
    expect(parties.right / parties.of).toBeGreaterThanOrEqual(0.85);
  });

  it('leaves a field the page does not print empty', () => {
    const unprinted = shareRight(
      documents,
      (field, truth) => truth.fields[field.key]!.value === null,
    );
    expect(unprinted.of).toBeGreaterThan(5);
    expect(unprinted.right / unprinted.of).toBeGreaterThanOrEqual(0.85);
  });

  it('shows values green only when they are right', () => {
    let green = 0;
    let greenRight = 0;
    for (const { truth, result } of documents)
      for (const field of truth.schema.fields) {
        const got = result.fields[field.key];
        if (!got || got.value === null || got.confidence < 0.8) continue;
        green++;
        if (right(field.type, truth.fields[field.key]!.value, got.value)) greenRight++;
      }
    expect(green).toBeGreaterThan(100);
    expect(greenRight / green).toBeGreaterThanOrEqual(0.95);
  });
});

describe('tables read by what their columns mean', () => {
  /** Tables whose every row's key cell is read, in order, and no row more. */
  function keysExact(kinds: KindId[]): { exact: number; of: number } {
    let exact = 0;
    let of = 0;
    for (const { truth, result } of documents.filter((d) => kinds.includes(d.truth.kind)))
      for (const table of truth.schema.tables) {
        of++;
        const want = truth.tables[table.key]!;
        const rows = result.tables[table.key]?.rows ?? [];
        const type = want.columns[want.keyColumn]!;
        if (
          rows.length === want.rows.length &&
          want.rows.every((row, i) =>
            right(type, row[want.keyColumn]!, rows[i]?.[want.keyColumn]?.value),
          )
        )
          exact++;
      }
    return { exact, of };
  }

  it('leaves section headings out of the rows (lab results, utility charges)', () => {
    const share = keysExact(['lab_report', 'utility_bill']);
    expect(share.exact / share.of).toBeGreaterThanOrEqual(0.8);
  });

  it('reads the rows of items, containers and goods by their columns', () => {
    const share = keysExact([
      'purchase_order',
      'bill_of_lading',
      'customs_declaration',
      'insurance_certificate',
    ]);
    expect(share.exact / share.of).toBeGreaterThanOrEqual(0.8);
  });

  it('reads debit and credit columns and leaves brought- and carried-forward rows out', () => {
    let rowsRight = 0;
    let rows = 0;
    for (const { truth, result } of ofKind('bank_statement'))
      for (const table of truth.schema.tables) {
        const want = truth.tables[table.key]!;
        const got = result.tables[table.key]?.rows ?? [];
        expect(got.length).toBe(want.rows.length);
        want.rows.forEach((row, i) => {
          rows++;
          const cells = Object.entries(want.columns).filter(([key]) => key !== want.keyColumn);
          if (cells.every(([key, type]) => right(type, row[key]!, got[i]?.[key]?.value)))
            rowsRight++;
        });
      }
    expect(rowsRight / rows).toBeGreaterThanOrEqual(0.8);
  });
});
