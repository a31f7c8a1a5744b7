/**
 * Which documents of the benchmark folders to read: every file with a `.gt.json` beside it, from
 * one or several folders sorted together by file name, optionally one half of them. The halves are
 * fixed by position in that order (development = even 0-based positions, check = odd), so rules are
 * developed on one half and measured on the other without anyone choosing files. Also the fields
 * the ground truth names and how a value is judged right against it.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FieldDefinition } from '@parser/contracts';
import { parseAmount, parseDate } from '@parser/extraction';

export type Half = 'dev' | 'check';

export interface BenchDocument {
  /** Path of the document file. */
  file: string;
  /** Path of its ground truth. */
  truth: string;
  /** File name, for listings. */
  name: string;
}

export async function listDocuments(folders: string[], half?: Half): Promise<BenchDocument[]> {
  const all: BenchDocument[] = [];
  for (const folder of folders) {
    const names = await readdir(folder);
    for (const truthName of names.filter((f) => f.endsWith('.gt.json'))) {
      const base = truthName.replace(/\.gt\.json$/, '');
      const docName = names.find((f) => f.startsWith(`${base}.`) && !f.endsWith('.gt.json'));
      if (!docName) continue;
      all.push({
        file: path.join(folder, docName),
        truth: path.join(folder, truthName),
        name: docName,
      });
    }
  }
  // by file name first, so the halves do not depend on the order the folders were given in
  all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.file < b.file ? -1 : 1));
  if (!half) return all;
  return all.filter((_, i) => i % 2 === (half === 'dev' ? 0 : 1));
}

/** The ground-truth keys the benches read, as fields of a schema. */
export const GT_FIELDS: Record<string, FieldDefinition> = {
  company: { key: 'company', label: 'Company', type: 'string' },
  issuer: { key: 'issuer', label: 'Vendor', type: 'string' },
  vendor: { key: 'vendor', label: 'Vendor', type: 'string' },
  address: { key: 'address', label: 'Address', type: 'string' },
  date: { key: 'date', label: 'Date', type: 'date' },
  total: { key: 'total', label: 'Total', type: 'currency' },
  amount: { key: 'amount', label: 'Total Amount', type: 'currency' },
  invoice_number: { key: 'invoice_number', label: 'Invoice Number', type: 'string' },
  currency: { key: 'currency', label: 'Currency', type: 'string' },
};

export const normText = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s,]+/g, '')
    .replace(/[.]+$/, '');

/** A ground-truth string as the field's value: dates as ISO (printed ones day-first), amounts as numbers. */
export function truthValue(
  kind: FieldDefinition['type'],
  expected: string,
): string | number | null {
  if (kind === 'date')
    return /^\d{4}-\d{2}-\d{2}$/.test(expected) ? expected : parseDate(expected, 'dmy');
  if (kind === 'currency' || kind === 'number') return parseAmount(expected);
  return expected;
}

/** Whether a value is right: equal after normalising case and spaces, dates as dates, amounts as numbers. */
export function same(
  kind: FieldDefinition['type'],
  expected: string,
  got: string | number | boolean | null | undefined,
): boolean {
  if (got === null || got === undefined || got === '') return false;
  const e = truthValue(kind, expected);
  if (kind === 'date') return e !== null && e === String(got);
  if (kind === 'currency' || kind === 'number') {
    const g = typeof got === 'number' ? got : parseAmount(String(got));
    return typeof e === 'number' && g !== null && Math.abs(e - g) < 0.005;
  }
  return normText(expected) === normText(String(got));
}
