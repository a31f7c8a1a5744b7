/**
 * A totals table: a header naming a net, a tax and a gross column ("TOTAL HT | TOTAL TVA | TOTAL
 * TTC", "Net | VAT | Gross", "Netto | MwSt | Brutto") over a row of figures where net + tax =
 * gross.
 * The gross is what the invoice totals; a total read from the net column dropped the tax.
 */
import { labelsFor, strongTotals } from '../extract/locales/index.js';
import { detectDecimalMark, findAmounts } from '../extract/parse.js';
import { itemRoleOf } from '../extract/tables/column-words.js';

import { CENT } from './numbers.js';
import { joinDecimals, labelPattern, perText, printedRows } from './printed-rows.js';

export interface TotalsTable {
  /** The column titles as printed, for messages. */
  titles: { net: string; tax: string; gross: string };
  net: number;
  tax: number;
  gross: number;
  /** The text line the figures are printed on. */
  row: number;
}

// Words of the column titles in the engine's languages: the amount before tax, the tax, and the
// amount with it ("incl." names a gross, "excl." a net).
const NET =
  /(^|[^\p{L}])(net|nett|netto|ht|hors taxes?|excl|exkl|excluding|ex\.? vat|sub-?\s?total|zwischensumme|sous-total|imponible|imponibile|nettobetrag|netobedrag|warenwert)([^\p{L}]|$)/iu;
const GROSS =
  /(^|[^\p{L}])(gross|brutto|bruttobetrag|bruttosumme|ttc|incl|inkl|including|con iva|ivato|totaal incl)([^\p{L}]|$)/iu;
const TAX_WORDS = labelsFor('tax').map(labelPattern);
/** The plain words of a total, a column that is the gross when no net or tax word qualifies it. */
const TOTAL =
  /(^|[^\p{L}])(total|totale|totaal|gesamt|summe|montant|betrag|amount due)([^\p{L}]|$)/iu;

/** Column titles are short; a longer cell is a sentence that shares the header's line. */
const TITLE_WORDS = 4;
/** How far below its header a totals table prints its figures. */
const FIGURES_REACH = 6;

type Column = 'net' | 'tax' | 'gross';

function columnOf(title: string): Column | null {
  const lower = title.toLowerCase();
  if (NET.test(lower)) return 'net';
  if (GROSS.test(lower)) return 'gross';
  if (TAX_WORDS.some((pattern) => pattern.test(lower))) return 'tax';
  return TOTAL.test(lower) ? 'gross' : null;
}

/** An item table's own titles: a header with them heads the lines, each with its net, tax and gross. */
const namesItems = (title: string) => {
  const role = itemRoleOf({ key: title, label: title });
  return role === 'description' || role === 'qty';
};

/** The columns a header line names, in order; null unless it names all three and no item's. */
function headerOf(line: string): { column: Column; title: string }[] | null {
  const titles = line
    .split(/\t| {2,}/)
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '' && cell.split(/\s+/).length <= TITLE_WORDS);
  if (titles.some(namesItems)) return null;
  const columns = titles.flatMap((title) => {
    const column = columnOf(title);
    return column ? [{ column, title }] : [];
  });
  const named = new Set(columns.map((c) => c.column));
  return named.size === 3 ? columns : null;
}

/** The document's totals table, the first one whose figures add up; null when it prints none. */
export const totalsTableOf = perText((text: string): TotalsTable | null => {
  const mark = detectDecimalMark(text);
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const header = headerOf(lines[index]!);
    if (!header) continue;
    const at = (column: Column) => header.findIndex((h) => h.column === column);
    // the figures stand in the order of the header's columns
    const order = { net: at('net'), tax: at('tax'), gross: at('gross') };
    const tripleAt = (line: number) => {
      const figures = findAmounts(joinDecimals(lines[line] ?? ''), mark)
        .filter((a) => a.hasDecimals)
        .map((a) => a.value);
      return figures.length < 3 ? null : tripleOf(figures, order);
    };
    for (let below = index + 1; below <= index + FIGURES_REACH && below < lines.length; below++) {
      const found = tripleAt(below);
      if (!found) continue;
      // a second such row under it makes a table of lines, each with its own net, tax and gross
      if (tripleAt(below + 1)) break;
      const title = (column: Column) => header[order[column]]!.title;
      return {
        titles: { net: title('net'), tax: title('tax'), gross: title('gross') },
        ...found,
        row: below,
      };
    }
  }
  return null;
});

/** Three figures of a row, in the header's order of the columns, where net + tax = gross. */
function tripleOf(
  figures: number[],
  order: Record<Column, number>,
): { net: number; tax: number; gross: number } | null {
  const columns = (Object.keys(order) as Column[]).sort((a, b) => order[a] - order[b]);
  for (let i = 0; i < figures.length; i++) {
    for (let j = i + 1; j < figures.length; j++) {
      for (let k = j + 1; k < figures.length; k++) {
        const picked = Object.fromEntries(
          columns.map((column, n) => [column, figures[[i, j, k][n]!]!]),
        ) as Record<Column, number>;
        if (picked.tax > 0 && Math.abs(picked.net + picked.tax - picked.gross) <= 2 * CENT)
          return picked;
      }
    }
  }
  return null;
}

/** Letters without their accents, lowercase: "NET A PAYER" is printed for "Net à payer". */
const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
/** The labels that name the amount due more strongly than a bare total, in every language. */
const DUE = [...strongTotals()].map((label) => labelPattern(plain(label)));

/**
 * Whether a row outside the totals table, labelled as what is due, prints `value`: a net column
 * figure may be what the invoice asks to pay after a prepayment ("NET A PAYER 100,00"), and is then
 * the total as the document means it.
 */
export function printedAsDue(text: string, table: TotalsTable, value: number): boolean {
  return printedRows(text).some(
    (row) =>
      row.index !== table.row &&
      Math.abs(row.value - value) <= CENT &&
      DUE.some((pattern) => pattern.test(plain(row.label))),
  );
}

/**
 * The figure the totals table gives where the total reads its net column: the gross. Null when the
 * total is not the net, or when a row labelled as due prints it (then it is what is due).
 */
export function grossForNet(text: string, table: TotalsTable, total: number): number | null {
  if (Math.abs(total - table.net) > CENT || Math.abs(table.gross - table.net) <= CENT) return null;
  return printedAsDue(text, table, total) ? null : table.gross;
}
