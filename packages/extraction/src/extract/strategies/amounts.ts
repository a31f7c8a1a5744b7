/** Totals: the total-labelled amount nearest the end, checked against the payment and the document's arithmetic. */
import type { Candidate, DocContext } from '../context.js';
import { ocrFactor } from '../context.js';
import { unionBox, type Tok } from '../layout.js';
import { findAmounts } from '../parse.js';
import { parseTyped } from '../typed.js';
import { itemsAddUpTo } from './item-sum.js';
import { amountPaid, paidCandidate } from './payment.js';

const SUMMARY = /\b(gst|tax|vat|sst)\s*summary\b|^\W*tax\s*code\b/i;

/** Words after a total label holding two money figures, the second the smaller (base, then tax). */
function isSummaryRow(words: Tok[]): boolean {
  const figures = words
    .map((w) => /^\d{1,6}[.,]\d{2}$/.exec(w.text.replace(/^(rm|\$|€)/i, ''))?.[0])
    .filter((f): f is string => f !== undefined)
    .map((f) => Number(f.replace(',', '.')));
  return figures.length === 2 && (figures[1] ?? 0) < (figures[0] ?? 0);
}

/** Two readings of money that differ by no more than cash rounding (to 0.05). */
const withinRounding = (a: number, b: number): boolean => Math.abs(a - b) < 0.05 + 1e-9;

/** Two money figures printed alike but for one digit: one of them misread. */
export function oneDigitApart(a: number, b: number): boolean {
  const x = a.toFixed(2);
  const y = b.toFixed(2);
  if (x.length !== y.length) return false;
  return [...x].filter((ch, i) => ch !== y[i]).length === 1;
}

/** Whether a money figure is printed on a row other than those the given values were read from. */
function printedElsewhere(value: number, ctx: DocContext, from: { order: number }[]): boolean {
  const skip = new Set(from.map((f) => f.order));
  return ctx.layout.rows.some(
    (r) =>
      !skip.has(r.index) &&
      findAmounts(r.text, ctx.mark).some((a) => a.hasDecimals && Math.abs(a.value - value) < 0.005),
  );
}

/**
 * A total line whose figure lost its decimal point ("1200" for "12.00") where another total line
 * prints the same figures with it: the reading with the point is the total.
 */
function withDecimalsKept(
  last: Candidate | undefined,
  pool: Candidate[],
  ctx: DocContext,
): Candidate | undefined {
  if (!last || typeof last.value !== 'number' || !Number.isInteger(last.value)) return last;
  const total = last.value;
  const decimalsOn = (c: Candidate, value: number) =>
    findAmounts(ctx.layout.rows[c.order]?.text ?? '', ctx.mark).some(
      (a) => a.hasDecimals && Math.abs(a.value - value) < 0.005,
    );
  if (total < 100 || decimalsOn(last, total)) return last;
  return (
    pool.find(
      (c) =>
        c !== last &&
        typeof c.value === 'number' &&
        Math.abs(c.value * 100 - total) < 0.5 &&
        decimalsOn(c, c.value),
    ) ?? last
  );
}

/**
 * The total: the total-labelled amount nearest the end, right of its label preferred, outside tax
 * summaries, checked against what the customer paid (tendered less change) where the receipt says so.
 */
export function pickTotal(cands: Candidate[], ctx: DocContext): Candidate | undefined {
  const summaryAt = ctx.layout.rows.find((r) => SUMMARY.test(r.text))?.index ?? Infinity;
  const before = cands.filter((c) => c.order < summaryAt);
  if (before.length) cands = before;
  // a total row with a base and a tax beside it ("Total  70.75  4.25") closes a tax summary
  const summaries = cands.filter((c) => c.hit && isSummaryRow(c.hit.row.words.slice(c.hit.end)));
  if (summaries.length < cands.length) cands = cands.filter((c) => !summaries.includes(c));
  const right = cands.filter((c) => c.where === 'right' && typeof c.value === 'number');
  const pool = right.length ? right : cands;
  const paid = amountPaid(ctx);
  const last = withDecimalsKept(
    [...pool].sort((a, b) => b.order - a.order || b.confidence - a.confidence)[0],
    pool,
    ctx,
  );
  if (!last) {
    if (!paid) return undefined;
    // no total line, but what was paid is printed as a figure of its own: the bill
    return printedElsewhere(paid.value, ctx, [paid])
      ? { ...paidCandidate(paid, 0.75), arithmetic: 'agrees' }
      : paidCandidate(paid, 0.6);
  }
  const agree = pool.filter((c) => c !== last && c.value === last.value).length;
  const disagreeLarger = pool.some(
    (c) =>
      typeof c.value === 'number' &&
      typeof last.value === 'number' &&
      c.value > last.value &&
      c.hit?.phrase.strong,
  );
  const near = (a: number, b: number) => Math.abs(a - b) < 0.005;
  if (paid) {
    // a total line that agrees with what was paid settles it, even one above the last total line
    const match = [...pool]
      .filter((c) => typeof c.value === 'number' && near(c.value, paid.value))
      .sort((a, b) => b.order - a.order)[0];
    if (match)
      return {
        ...match,
        confidence: Math.min(0.99, match.confidence * 1.15),
        arithmetic: 'agrees',
      };
    // a second reading of a total line that agrees with what was paid: two readings of the figure
    // and the payment arithmetic all say the same
    const secondReading = [...pool]
      .filter((c) => c.alts?.some((a) => near(a, paid.value)))
      .sort((a, b) => b.order - a.order)[0];
    if (secondReading)
      return {
        ...secondReading,
        value: paid.value,
        confidence: secondReading.confidence,
        arithmetic: 'agrees',
      };
    if (typeof last.value === 'number') {
      const total = last.value;
      // the total's decimal point lost in reading ("1000" for "10.00"): the same figures as paid
      if (Math.abs(total - paid.value * 100) < 0.5 && Number.isInteger(total))
        return {
          ...last,
          value: paid.value,
          confidence: last.confidence * 0.9,
          arithmetic: 'agrees',
        };
      // the payment, read a second time, agrees with the total line
      if (paid.alts.some((a) => near(a, total)))
        return {
          ...last,
          confidence: Math.min(0.99, last.confidence * 1.05),
          arithmetic: 'agrees',
        };
      // cash is rounded to 0.05 where small coins are gone: the amount paid is the rounded total
      // (the total line and the payment are two readings that agree up to that rounding)
      if (withinRounding(total, paid.value))
        return { ...paidCandidate(paid, 0.75), arithmetic: 'agrees' };
      // one digit of the total line misread ("7,938.80" for "7,838.80"): the payment and another
      // printed figure (a tax summary's gross, an item line) both say the other figure
      if (oneDigitApart(total, paid.value) && printedElsewhere(paid.value, ctx, [last, paid]))
        return { ...paidCandidate(paid, 0.75), arithmetic: 'agrees' };
      // what was paid is printed on a row of its own (a total line whose label OCR garbled, the
      // amount due after rounding): the cash, the change and that figure agree against the total line
      if (printedElsewhere(paid.value, ctx, [last, paid]))
        return { ...paidCandidate(paid, 0.7), arithmetic: 'agrees' };
      // a misread digit: trust whichever reading the OCR was surer of
      if ((last.readConf ?? 1) < paid.readConf - 0.15) return paidCandidate(paid, 0.55);
    }
  }
  // the item lines add up to it: two routes through other printed figures to one total
  if (itemsAddUpTo(last, ctx))
    return { ...last, confidence: Math.min(0.99, last.confidence * 1.1), arithmetic: 'agrees' };
  let confidence = last.confidence * (agree ? 1.05 : 0.95);
  if (paid) confidence *= 0.7;
  if (disagreeLarger) confidence *= 0.8;
  // the figure read differently a second time, with nothing to tell which reading is right
  if (last.alts?.length) confidence *= 0.85;
  return {
    ...last,
    confidence: Math.min(0.99, confidence),
    // what was paid says another figure, and nothing reconciles the two
    ...(paid ? { arithmetic: 'contradicts' as const } : {}),
  };
}

export function largestAmount(ctx: DocContext): Candidate | null {
  let best: Candidate | null = null;
  for (const row of ctx.layout.rows) {
    const t = parseTyped(row.words, 'currency', ctx);
    if (
      t &&
      typeof t.value === 'number' &&
      t.quality === 1 &&
      (!best || t.value > (best.value as number))
    ) {
      best = {
        value: t.value,
        box: unionBox(t.toks.map((x) => x.box)),
        page: row.page,
        confidence: 0.35 * ocrFactor(t.toks),
        order: row.index,
        where: 'fallback',
      };
    }
  }
  return best;
}
