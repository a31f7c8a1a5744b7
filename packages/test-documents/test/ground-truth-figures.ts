/** Reading the corpora's ground truth figures back, for the tests that check their arithmetic and print. */
import type { GroundTruthLine } from '../src/index.js';

/** A ground truth amount ("12.30") in whole cents; an absent one is nothing. */
export const cents = (amount: string | undefined): number =>
  Math.round(Number(amount ?? '0') * 100);

/** Each line's amount as printed and as its quantity × unit price make it, in whole cents. */
export const lineCents = (lines: readonly GroundTruthLine[]) =>
  lines.map((line) => ({
    printed: cents(line.amount),
    computed: Math.round(Number(line.qty) * cents(line.unit_price)),
  }));

/** The figure as the document's number format prints it, e.g. 1234.5 in "1.234,56" style → "1.234,50". */
export function printedFigure(amount: string, numberFormat: string): string {
  const group = numberFormat.charAt(1);
  const decimal = numberFormat.charAt(numberFormat.length - 3);
  const [whole = '0', fraction = '00'] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${decimal}${fraction}`;
}
