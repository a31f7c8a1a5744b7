import { agree, cents } from '../numbers.js';
import { labelPattern, type PrintedRow, printedRows } from '../printed-rows.js';
import { namesRole } from '../role-rows.js';

// What a till prints for the money handed over, a card payment, and the change given back, in the
// languages the engine reads. A card pays the bill exactly; cash less its change is what was paid.
const CASH = [
  'cash',
  'tendered',
  'amount tendered',
  'cash received',
  'amount paid',
  'paid amount',
  'tunai',
  'bar',
  'gegeben',
  'espèces',
  'contant',
  'efectivo',
  'contanti',
  'dinheiro',
].map(labelPattern);
const CARD = ['card', 'credit', 'debit', 'visa', 'mastercard', 'master', 'amex', 'eftpos'].map(
  labelPattern,
);
const CHANGE = [
  'change',
  'change due',
  'baki',
  'rückgeld',
  'rendu',
  'wisselgeld',
  'cambio',
  'resto',
  'troco',
].map(labelPattern);

const money = (value: number) => cents(value).toFixed(2);
const isAny = (patterns: RegExp[], label: string) => patterns.some((p) => p.test(label));

/** A total rounded to 0.05 for cash may be paid to the rounded figure: two cents apart. */
const CASH_ROUNDING = 0.025;

/** What the customer paid as the rows print it: cash less the change after it, or a card alone. */
function paymentOf(rows: readonly PrintedRow[]): { value: number; note: string } | null {
  // The change printed after each row, found in one pass from the bottom rather than by reading
  // on from every payment row.
  const changeAfter = new Array<PrintedRow | undefined>(rows.length);
  let next: PrintedRow | undefined;
  for (let position = rows.length - 1; position >= 0; position--) {
    changeAfter[position] = next;
    const row = rows[position]!;
    if (isAny(CHANGE, row.label) && row.value >= 0) next = row;
  }
  for (const [position, row] of rows.entries()) {
    if (isAny(CHANGE, row.label) || row.value <= 0) continue;
    const change = changeAfter[position];
    if (isAny(CASH, row.label)) {
      if (change && change.value < row.value) {
        return {
          value: row.value - change.value,
          note: `${money(row.value)} paid less ${money(change.value)} change`,
        };
      }
      if (!change) return { value: row.value, note: `${money(row.value)} paid` };
    } else if (isAny(CARD, row.label) && !change) {
      return { value: row.value, note: `${money(row.value)} paid by card` };
    }
  }
  return null;
}

/**
 * What confirms a figure as the document's total apart from the sums that check it: the payment
 * (cash less change, or a card) comes to it, or two rows labelled as a total print it. Each is a
 * reading of its own, so a total one of them confirms was not misread. Null when nothing does.
 */
export function totalConfirmationOf(text: string, total: number): string | null {
  if (!text) return null;
  const rows = printedRows(text);
  const paid = paymentOf(rows);
  if (paid && Math.abs(paid.value - total) <= CASH_ROUNDING) {
    return `the payment (${paid.note}) comes to it`;
  }
  const totals = rows.filter((row) => namesRole(row.label, 'total') && agree(row.value, total));
  if (totals.length >= 2) return `${totals.length} total rows print it`;
  return null;
}
