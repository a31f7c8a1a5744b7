/**
 * The rows between a subtotal and the total that change the amount due: a discount, a service or
 * delivery charge, a cash rounding. Receipts print them on their own labelled rows, and the total
 * is the subtotal with every one of them and the tax applied.
 */
import type { DocContext } from '../context.js';
import { compact, matchPhrase, type Tok } from '../layout.js';
import { adjustmentLabelsOf, type AdjustmentKind } from '../locales/index.js';
import { parseTyped } from '../typed.js';

/** Cash rounding is a few cents; a larger "rounding" figure is something else, or misread. */
const MAX_ROUNDING = 0.1;

/** The kind of adjustment a row's label names, and how many words the label takes. */
export function adjustmentLabel(
  words: Tok[],
  ctx: DocContext,
): { kind: AdjustmentKind; end: number } | null {
  for (const [kind, label] of adjustmentLabelsOf(ctx.locales)) {
    const at = matchPhrase(words.slice(0, 4), compact(label)).find((m) => m.start === 0);
    if (at) return { kind, end: at.end };
  }
  return null;
}

/**
 * The sum of the adjustments printed on the rows strictly between two rows (discounts subtracted
 * however they are printed, charges added, rounding as printed); 0 when there are none.
 */
export function adjustmentsBetween(from: number, to: number, ctx: DocContext): number {
  let sum = 0;
  for (const row of ctx.layout.rows.slice(from + 1, Math.max(from + 1, to))) {
    const label = adjustmentLabel(row.words, ctx);
    if (!label) continue;
    const figure = parseTyped(row.words.slice(label.end), 'currency', ctx);
    if (!figure || typeof figure.value !== 'number' || figure.quality < 1) continue;
    const value = Math.abs(figure.value);
    if (label.kind === 'discount') sum -= value;
    else if (label.kind === 'charge') sum += value;
    else if (value <= MAX_ROUNDING) {
      // the sign of a rounding is printed before its figure ("-0.03", "(0.02)")
      const rest = row.words
        .slice(label.end)
        .map((w) => w.text)
        .join(' ');
      sum += /[-−(]/.test(rest.slice(0, Math.max(0, rest.search(/\d/)))) ? -value : value;
    }
  }
  return sum;
}
