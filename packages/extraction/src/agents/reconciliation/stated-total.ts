import type { ReconCheck } from '@parser/contracts';

import { adjustmentLabelsOf, type AdjustmentKind } from '../../extract/locales/index.js';
import { agree, cents, numberOf } from '../numbers.js';
import { labelPattern, type PrintedRow, printedRows } from '../printed-rows.js';
import { fieldsByRole, lineTableOf } from '../roles.js';
import type { AgentDocument } from '../types.js';
import { cellRef, fieldRef, valueAt } from '../value-refs.js';

import { namesRole, namesTaxBase } from '../role-rows.js';

/** Cash rounding is a few cents; a larger "rounding" figure is something misread. */
const MAX_ROUNDING = 0.1;
/** A total rounded to 0.05 for cash may differ from the exact sum by two cents. */
const CASH_ROUNDING = 0.025;

const ADJUSTMENTS = adjustmentLabelsOf().map(
  ([kind, label]) => [kind, labelPattern(label)] as [AdjustmentKind, RegExp],
);
const RATE = /(\d{1,2}(?:[.,]\d{1,2})?)\s*%/;

const kindOf = (label: string): AdjustmentKind | null =>
  ADJUSTMENTS.find(([, pattern]) => pattern.test(label))?.[0] ?? null;

/** A row that states one tax rate's net or gross ("Total 6% supplies (excl. GST)"). */
function rateOf(label: string): string | null {
  const rate = RATE.exec(label)?.[1];
  if (rate === undefined) return null;
  return namesTaxBase(label) ? rate.replace(',', '.') : null;
}

/** The line items' amounts summed (qty × unit price where no amount was read); null without lines. */
function linesSum(doc: AgentDocument): number | null {
  const table = lineTableOf(doc.tables);
  if (!table) return null;
  const { qty, unit_price: price, amount } = table.columns;
  const rows = doc.values.tables[table.key]?.rows ?? [];
  const at = (row: number, column: string | undefined) =>
    column === undefined ? null : numberOf(valueAt(doc.values, cellRef(table.key, row, column)));
  let sum = 0;
  for (let row = 0; row < rows.length; row++) {
    const q = at(row, qty);
    const p = at(row, price);
    const value = at(row, amount) ?? (q !== null && p !== null ? q * p : null);
    if (value === null) return null;
    sum += value;
  }
  return rows.length ? sum : null;
}

/** The one positive figure the rows labelled as the tax print, or null when none or several. */
function printedTaxOf(rows: readonly PrintedRow[]): number | null {
  const figures = [
    ...new Set(
      rows.filter((r) => r.value > 0 && namesRole(r.label, 'tax')).map((r) => cents(r.value)),
    ),
  ];
  return figures.length === 1 ? figures[0]! : null;
}

const money = (value: number) => cents(value).toFixed(2);
const signed = (value: number) => (value < 0 ? `− ${money(-value)}` : `+ ${money(value)}`);

/**
 * Receipts state their arithmetic in their own rows: a discount, a service charge and a cash
 * rounding between the subtotal and the total, a net per tax rate instead of one subtotal, a tax
 * included in the figures or shown only in a tax summary. When subtotal + tax = total does not hold
 * as the fields read, this finds whether the total is what the document's own rows make it, every
 * adjustment row between the subtotal and the total counted (none picked to fit). Null when the rows
 * state nothing beyond the plain relation or do not make the total.
 */
export function statedTotalCheck(doc: AgentDocument): ReconCheck | null {
  const roles = fieldsByRole(doc.fields);
  if (!doc.text || !roles.total) return null;
  const total = numberOf(valueAt(doc.values, fieldRef(roles.total)));
  if (total === null) return null;
  const subtotal = roles.subtotal ? numberOf(valueAt(doc.values, fieldRef(roles.subtotal))) : null;
  const tax = roles.tax ? numberOf(valueAt(doc.values, fieldRef(roles.tax))) : null;
  const rows = printedRows(doc.text);

  const subtotalRow =
    subtotal === null ? -1 : (rows.find((r) => agree(r.value, subtotal))?.index ?? -1);
  const totalRow =
    rows.find((r) => r.index > subtotalRow && agree(r.value, total))?.index ?? Infinity;
  const adjustments = rows.flatMap((row) => {
    if (row.index <= subtotalRow || row.index >= totalRow) return [];
    const kind = kindOf(row.label);
    if (!kind || row.value === 0) return [];
    if (kind === 'rounding' && Math.abs(row.value) > MAX_ROUNDING) return [];
    const value =
      kind === 'discount'
        ? -Math.abs(row.value)
        : kind === 'charge'
          ? Math.abs(row.value)
          : row.value;
    return [{ kind, value }];
  });
  const adjusted = adjustments.reduce((sum, a) => sum + a.value, 0);

  // a net per tax rate, each rate's first row (a rate printed twice counts once)
  const rates = new Map<string, number>();
  for (const row of rows) {
    const rate = rateOf(row.label);
    if (rate !== null && !rates.has(rate)) rates.set(rate, row.value);
  }
  const bases: { name: string; value: number; stated: boolean }[] = [];
  if (subtotal !== null) bases.push({ name: 'subtotal', value: subtotal, stated: false });
  const lines = subtotal === null ? linesSum(doc) : null;
  if (lines !== null) bases.push({ name: 'the lines', value: lines, stated: false });
  if (rates.size >= 2) {
    const parts = [...rates.values()];
    bases.push({
      name: `the nets per tax rate (${parts.map(money).join(' + ')})`,
      value: parts.reduce((a, b) => a + b, 0),
      stated: true,
    });
  }

  // the tax as read, included in the figures, or as a tax summary row beside the subtotal prints it
  const taxes: { name: string; value: number; stated: boolean }[] = [
    ...(tax !== null ? [{ name: 'tax', value: tax, stated: false }] : []),
    { name: 'tax included', value: 0, stated: false },
  ];
  // A tax the reader did not take into the tax field is still the document's: the one figure its
  // rows labelled as the tax print (several different ones would mean picking one to fit).
  const printedTax = tax === null ? printedTaxOf(rows) : null;
  if (printedTax !== null)
    taxes.push({ name: 'the tax the document prints', value: printedTax, stated: true });
  if (subtotal !== null) {
    for (const row of rows) {
      if (row.index === subtotalRow || !row.figures.slice(0, -1).some((f) => agree(f, subtotal)))
        continue;
      if (row.value > 0 && row.value < subtotal && (tax === null || !agree(row.value, tax)))
        taxes.push({ name: 'tax of the tax summary', value: row.value, stated: true });
    }
  }

  const tolerance =
    Math.abs(total * 20 - Math.round(total * 20)) < 1e-6 &&
    !adjustments.some((a) => a.kind === 'rounding')
      ? CASH_ROUNDING
      : 0.010001;
  for (const base of bases) {
    for (const t of taxes) {
      // only a statement the plain relation does not already make
      if (!base.stated && !t.stated && adjustments.length === 0) continue;
      if (Math.abs(base.value + adjusted + t.value - total) > tolerance) continue;
      const terms = [
        `${base.name} ${money(base.value)}`,
        ...adjustments.map((a) => `${a.kind} ${signed(a.value)}`),
        t.value === 0 ? t.name : `${t.name} ${signed(t.value)}`,
      ];
      const fields = [roles.subtotal, roles.tax, roles.total]
        .filter((k): k is string => k !== undefined)
        .map(fieldRef);
      return {
        kind: 'arithmetic',
        status: 'pass',
        message: `The total is what the document's rows make it: ${terms.join(', ')} = ${money(total)}`,
        fields,
      };
    }
  }
  return null;
}
