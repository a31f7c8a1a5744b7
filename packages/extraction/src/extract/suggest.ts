/** Quick Setup: propose fields and tables from an example document. */
import type { ColumnDefinition, FieldDefinition, TableDefinition } from '@parser/contracts';
import type { ReadDocument } from '../document.js';
import { conceptById, type ConceptId } from './concepts.js';
import { compact, segments, type Row } from './layout.js';
import { contextOf, findLabels, parseTyped, vendorFallback, type DocContext } from './fields.js';
import { findAmounts, findDates } from './parse.js';
import { ALL_COLUMN_PHRASES, matchHeader, readRows } from './tables.js';
import { phrasesFor } from './concepts.js';

export interface SuggestedSchema {
  fields: FieldDefinition[];
  tables: TableDefinition[];
}

/** snake_case key from a printed label, valid for ^[a-z][a-z0-9_]*$. */
export function toKey(label: string): string {
  let k = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/#/g, ' number ')
    .replace(/%/g, ' percent ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!k) k = 'field';
  if (!/^[a-z]/.test(k)) k = `f_${k}`;
  return k.slice(0, 60).replace(/_+$/, '');
}

const unique = (key: string, used: Set<string>): string => {
  let k = key;
  for (let n = 2; used.has(k); n++) k = `${key}_${n}`;
  used.add(k);
  return k;
};

/** Infer a field type from a printed value. */
export function inferType(value: string): FieldDefinition['type'] {
  const v = value.trim();
  const d = findDates(v)[0];
  if (d && d.match.length >= v.replace(/\s+\d{1,2}:\d{2}.*$/, '').length - 2) return 'date';
  const a = findAmounts(v)[0];
  if (a && a.match.trim().length >= v.length - 4) {
    if (a.currency || a.hasDecimals) return 'currency';
    if (/^\d{1,6}$/.test(v)) return 'number';
  }
  return 'string';
}

const KNOWN: { concept: ConceptId; key: string; type: FieldDefinition['type'] }[] = [
  { concept: 'invoice_number', key: 'invoice_number', type: 'string' },
  { concept: 'date', key: 'invoice_date', type: 'date' },
  { concept: 'due_date', key: 'due_date', type: 'date' },
  { concept: 'po_number', key: 'po_number', type: 'string' },
  { concept: 'order_number', key: 'order_number', type: 'string' },
  { concept: 'customer_number', key: 'customer_number', type: 'string' },
  { concept: 'bill_to', key: 'bill_to', type: 'string' },
  { concept: 'subtotal', key: 'subtotal', type: 'currency' },
  { concept: 'tax', key: 'tax', type: 'currency' },
  { concept: 'total', key: 'total', type: 'currency' },
  { concept: 'payment_method', key: 'payment_method', type: 'string' },
];

function labelText(row: Row, start: number, end: number): string {
  return row.words
    .slice(start, end)
    .map((w) => w.text)
    .join(' ')
    .replace(/[:\s]+$/, '')
    .trim();
}

function suggestTables(ctx: DocContext, used: Set<string>): TableDefinition[] {
  const tables: TableDefinition[] = [];
  const rows = ctx.layout.rows;
  for (const row of rows) {
    if (tables.length >= 3) break;
    if (row.words.length > 14 || row.words.length < 2) continue;
    const segs = segments(row.words, row.height, 0.9);
    if (segs.length < 2) continue;
    const known = segs.filter((s) =>
      ALL_COLUMN_PHRASES.includes(compact(s.map((w) => w.text).join(''))),
    );
    if (known.length < 2 || known.length < segs.length * 0.5) continue;
    if (segs.some((s) => s.some((w) => /\d{2,}/.test(w.text)))) continue;
    const colKeys = new Set<string>();
    const cols: ColumnDefinition[] = segs.map((s) => {
      const label = s
        .map((w) => w.text)
        .join(' ')
        .replace(/[:\s]+$/, '');
      return { key: unique(toKey(label), colKeys), label, type: 'string' as const };
    });
    const header = matchHeader(row, cols);
    const body = readRows(header, { columns: cols }, ctx);
    if (!body.rows.length) continue;
    for (const c of cols) {
      const vals = body.rows
        .map((r) => r[c.key]?.value)
        .filter((v): v is string => typeof v === 'string' && v !== '');
      if (!vals.length) continue;
      const types = vals.map(inferType);
      const share = (t: string) => types.filter((x) => x === t).length / types.length;
      if (share('date') >= 0.6) c.type = 'date';
      else if (share('currency') + share('number') >= 0.6)
        c.type = share('currency') > 0 ? 'currency' : 'number';
    }
    const first = tables.length === 0;
    tables.push({
      key: unique(first ? 'line_items' : `table_${tables.length + 1}`, used),
      label: first ? 'Line Items' : `Table ${tables.length + 1}`,
      columns: cols,
      extracted: true,
    });
  }
  return tables;
}

/** Fields and tables an example document suggests, each marked `extracted: true`. */
export function suggestSchema(doc: ReadDocument): SuggestedSchema {
  const ctx = contextOf(doc);
  const fields: FieldDefinition[] = [];
  const keys = new Set<string>();
  const coveredLabels = new Set<string>();
  const coveredRows = new Set<string>();
  for (const k of KNOWN) {
    const c = conceptById(k.concept);
    const probe: FieldDefinition = { key: k.key, label: c.labels[0] ?? k.key, type: k.type };
    const hits = findLabels(ctx.layout, phrasesFor(probe));
    for (const h of k.concept === 'total' ? [...hits].reverse() : hits) {
      const v = parseTyped(h.row.words.slice(h.end), k.type, ctx);
      if (!v) continue;
      const label = labelText(h.row, h.start, h.end);
      fields.push({
        key: unique(k.key, keys),
        label,
        type: k.type,
        required: false,
        extracted: true,
      });
      coveredLabels.add(compact(label));
      coveredRows.add(`${h.row.index}:${h.start}`);
      break;
    }
  }
  const vendor = vendorFallback(ctx);
  if (vendor)
    fields.push({
      key: unique('vendor_name', keys),
      label: 'Vendor Name',
      type: 'string',
      required: false,
      extracted: true,
    });
  // generic "Label: value" pairs
  for (const row of ctx.layout.rows) {
    for (const seg of segments(row.words, row.height, 2.2)) {
      const ci = seg.findIndex((w) => /:$/.test(w.text) || w.text === ':');
      if (ci < 0 || ci > 4) continue;
      const labelWords = seg.slice(0, ci + 1);
      const label = labelWords
        .map((w) => w.text)
        .join(' ')
        .replace(/[:\s]+$/, '')
        .trim();
      const value = seg
        .slice(ci + 1)
        .map((w) => w.text)
        .join(' ')
        .trim();
      if (!label || !value || !/^[\p{L}][\p{L}\s.#/&'()-]*$/u.test(label) || label.length > 40)
        continue;
      if (coveredLabels.has(compact(label))) continue;
      coveredLabels.add(compact(label));
      fields.push({
        key: unique(toKey(label), keys),
        label,
        type: inferType(value),
        required: false,
        extracted: true,
      });
      if (fields.length >= 40) break;
    }
  }
  const tables = suggestTables(ctx, new Set<string>());
  return { fields, tables };
}
