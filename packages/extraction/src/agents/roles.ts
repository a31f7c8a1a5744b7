import type { ValueRef } from '@parser/contracts';

import { cellRef, fieldRef } from './value-refs.js';
import type { AgentDocument, AgentFieldDef, AgentTableDef } from './types.js';

/** What a field means to the agents' arithmetic and checks. */
export type FieldRole =
  | 'total'
  | 'subtotal'
  | 'tax'
  | 'invoice_number'
  | 'vendor'
  | 'po_number'
  | 'issue_date'
  | 'due_date';

export type ColumnRole = 'qty' | 'unit_price' | 'amount' | 'discount';

/** snake_case of a key or label: "Unit Price" → unit_price. */
export const snake = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

// Tested in order: "subtotal" must win before "total", "total_tax" before "total".
const FIELD_PATTERNS: [FieldRole, RegExp][] = [
  ['subtotal', /(^|_)sub_?total|^net_(amount|total)$|amount_before_tax|^total_(excl|before)/],
  ['tax', /^(total_)?(tax|vat|gst|sales_tax)(_amount|_total)?$|^tax_\d+|^(vat|gst|tax)_amount/],
  [
    'total',
    /^(grand_|invoice_|receipt_)?total(_amount|_due|_incl(_tax)?|_payable)?$|^amount_(due|payable)$|^balance_due$/,
  ],
  ['invoice_number', /(invoice|inv|bill|receipt)_?(number|no|num|nr|id)$|^document_(number|no)$/],
  ['po_number', /(^|_)po_?(number|no|num|nr)?$|purchase_order/],
  ['vendor', /^(vendor|supplier|merchant|seller|store|shop)(_name)?$/],
  ['due_date', /(^|_)due(_date)?$|payment_due/],
  [
    'issue_date',
    /^(invoice|issue|document|receipt|purchase|transaction|bill)_date(time)?$|^date(time)?$|^purchase_datetime$/,
  ],
];

const COLUMN_PATTERNS: [ColumnRole, RegExp][] = [
  ['qty', /^(qty|quantity|units?|count|pcs|hours)$/],
  ['unit_price', /^(unit_?(price|cost)|price|rate|price_each|each)$/],
  ['amount', /^(line_)?(amount|total)$|^line_total$|^ext(ended)?_(price|amount)$|^net_amount$/],
  [
    'discount',
    /^(line_)?(discount|disc|rebate|rabatt|remise|sconto|descuento|korting|desconto)(_(amount|pct|percent|percentage|rate))?$/,
  ],
];

function roleByName<R extends string>(
  patterns: [R, RegExp][],
  def: { key: string; label: string; aliases?: string[] },
): R | null {
  const names = [def.key, snake(def.label), ...(def.aliases ?? []).map(snake)];
  for (const name of names) {
    for (const [role, pattern] of patterns) if (pattern.test(name)) return role;
  }
  return null;
}

export const fieldRoleOf = (field: AgentFieldDef): FieldRole | null =>
  roleByName(FIELD_PATTERNS, field);

/** The fields of a document by role (the first field of each role). */
export function fieldsByRole(fields: readonly AgentFieldDef[]): Partial<Record<FieldRole, string>> {
  const out: Partial<Record<FieldRole, string>> = {};
  for (const field of fields) {
    const role = fieldRoleOf(field);
    if (role && out[role] === undefined) out[role] = field.key;
  }
  return out;
}

/** The line-items table: the first with an amount or a price column, and its columns by role. */
export interface LineTable {
  key: string;
  columns: Partial<Record<ColumnRole, string>>;
}

export function lineTableOf(tables: readonly AgentTableDef[]): LineTable | null {
  for (const table of tables) {
    const columns: Partial<Record<ColumnRole, string>> = {};
    for (const column of table.columns) {
      const role = roleByName(COLUMN_PATTERNS, column);
      if (role && columns[role] === undefined) columns[role] = column.key;
    }
    if (columns.amount !== undefined || columns.unit_price !== undefined) {
      return { key: table.key, columns };
    }
  }
  return null;
}

/** Every place of a document that holds a value, fields first, then table cells row by row. */
export function allRefs(doc: AgentDocument): { ref: ValueRef; type: string; label: string }[] {
  const out: { ref: ValueRef; type: string; label: string }[] = doc.fields.map((field) => ({
    ref: fieldRef(field.key),
    type: field.type,
    label: field.label || field.key,
  }));
  for (const table of doc.tables) {
    const rows = doc.values.tables[table.key]?.rows ?? [];
    rows.forEach((_row, index) => {
      for (const column of table.columns) {
        out.push({
          ref: cellRef(table.key, index, column.key),
          type: column.type,
          label: `${table.label || table.key} row ${index + 1} ${column.label || column.key}`,
        });
      }
    });
  }
  return out;
}
