/**
 * Total, subtotal (net) and tax told apart by label and checked by arithmetic: net + tax = gross.
 * A tax row often prints its rate and base beside the tax ("VAT 19% of 1,000.00  190.00"); the tax
 * is the figure the arithmetic agrees with, else the row's last one, and never the net amount.
 */
import type { FieldDefinition } from '@parser/contracts';
import { phrasesFor } from '../concepts.js';
import { ocrFactor, round2, type Candidate, type DocContext, type LabelHit } from '../context.js';
import { findLabels, pickFirstBest, valuesFor } from '../labels.js';
import { unionBox, type Tok } from '../layout.js';
import { findAmounts, splitThousandsGroup } from '../parse.js';
import { isTaxOf, printedRateOf } from '../tax-rate.js';
import { adjustmentsBetween } from './adjustments.js';
import { pickTotal } from './amounts.js';

const TOTAL: FieldDefinition = { key: 'total', label: 'Total', type: 'currency' };
const SUBTOTAL: FieldDefinition = { key: 'subtotal', label: 'Subtotal', type: 'currency' };
const TAX: FieldDefinition = { key: 'tax', label: 'Tax', type: 'currency' };

/** Money figures agree when they differ by less than a cent of rounding. */
export const sameMoney = (a: number, b: number): boolean => Math.abs(a - b) < 0.015;

/**
 * Figures grouped in thousands by a space ("4 530,82", "12 289,63"), split after their thousands
 * mark ("1, 537.40") or with their cents set apart ("2.596, 02") are read as two words: a group of
 * one to three digits directly before a word of three digits and cents, or a figure ending in its
 * decimal mark before two digits, is one figure.
 */
function joinSplitFigures(words: Tok[]): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const splitThousands = splitThousandsGroup(w.text, next?.text ?? '');
    // or the cents set apart from the decimal mark ("2.596," "02")
    const splitCents =
      /^\d{1,3}(?:[.,']\d{3})*[.,]$/.test(w.text) && /^\d{2}$/.test(next?.text ?? '');
    if (next && (splitThousands || splitCents)) {
      const text = `${w.text} ${next.text}`;
      out.push({
        ...next,
        text,
        norm: text,
        box: unionBox([w.box, next.box]),
        conf: Math.min(w.conf, next.conf),
      });
      i++;
    } else out.push(w);
  }
  return out;
}

/** Every money figure right of a label on its row (rates and percentages left out), in order. */
function figuresRightOf(hit: LabelHit, ctx: DocContext): Candidate[] {
  const words = joinSplitFigures(hit.row.words.slice(hit.end));
  const out: Candidate[] = [];
  for (const [i, w] of words.entries()) {
    const text = w.text;
    if (/%:?$/.test(text) || /^%/.test(words[i + 1]?.text ?? '')) continue;
    const a = findAmounts(text, ctx.mark)[0];
    if (!a || !a.hasDecimals) continue;
    out.push({
      value: round2(a.value),
      box: unionBox([w.box]),
      page: hit.row.page,
      confidence: (hit.distance === 0 ? 1 : 0.85) * ocrFactor([w]),
      order: hit.row.index,
      hit,
      where: 'right',
      readConf: w.conf,
    });
  }
  return out;
}

/**
 * Whether a tax label is part of a row that states the amount the tax is included in or excluded
 * from ("Total (Inclusive of GST)", "Total 6% supplies (excl. GST)"): that figure is a gross or a
 * net, never the tax.
 */
function namesTaxBase(hit: LabelHit, ctx: DocContext): boolean {
  const starts = ctx.locales.flatMap((p) => p.taxBaseWords ?? []);
  if (!starts.length) return false;
  return hit.row.words.slice(0, hit.start).some((w) => {
    const word = w.text.toLowerCase().replace(/[^\p{L}]/gu, '');
    return word.length > 0 && starts.some((s) => word.startsWith(s));
  });
}

/**
 * Whether a figure of a tax row that prints its rate is the base the tax is worked out on, not the
 * tax: the page prints that rate of it elsewhere (a tax summary whose columns were read as rows,
 * "GST SR 6%  22.00" above "1.32"), and it is itself that rate of no figure the page prints.
 */
function isRatedBase(figure: Candidate, ctx: DocContext): boolean {
  const rate = printedRateOf(figure.hit?.row.text ?? '');
  const value = figure.value;
  if (rate === null || typeof value !== 'number' || value <= 0) return false;
  const amounts = ctx.layout.rows
    .flatMap((row) => findAmounts(row.text, ctx.mark))
    .filter((a) => a.hasDecimals && a.value > 0 && !sameMoney(a.value, value))
    .map((a) => a.value);
  return (
    amounts.some((amount) => isTaxOf(amount, value, rate)) &&
    !amounts.some((amount) => isTaxOf(value, amount, rate))
  );
}

export interface MoneyFigures {
  total?: Candidate;
  subtotal?: Candidate;
  tax?: Candidate;
  /** Whether net + tax = gross holds for the figures above (undefined: not all three printed). */
  balanced?: boolean;
}

const cache = new WeakMap<DocContext, MoneyFigures>();

/** The document's total, net and tax, chosen to agree with one another where the page allows. */
export function moneyFigures(ctx: DocContext): MoneyFigures {
  const known = cache.get(ctx);
  if (known) return known;
  const labelled = (f: FieldDefinition) => findLabels(ctx.layout, phrasesFor(f, ctx.locales));
  const totals = labelled(TOTAL).flatMap((h) => valuesFor(h, TOTAL, ctx));
  const subtotal = pickFirstBest(labelled(SUBTOTAL).flatMap((h) => valuesFor(h, SUBTOTAL, ctx)));
  const taxFigures = labelled(TAX)
    .filter((h) => !namesTaxBase(h, ctx))
    .flatMap((h) => figuresRightOf(h, ctx));
  let total = pickTotal(totals, ctx);
  const net = typeof subtotal?.value === 'number' ? subtotal.value : undefined;
  const gross = typeof total?.value === 'number' && total.value > 0 ? total.value : undefined;
  // the tax is never the net amount it is computed on, a base its rate is printed of, nor as much
  // as the total it is part of
  const taxes = taxFigures.filter(
    (c) =>
      (net === undefined || !sameMoney(c.value as number, net)) &&
      (gross === undefined || (c.value as number) < gross) &&
      !isRatedBase(c, ctx),
  );
  // a total rounded to 5 cents for cash still balances; the discounts, charges and rounding
  // printed between the subtotal and the total count towards it
  const fits = (t: Candidate, x: number) =>
    net !== undefined &&
    subtotal !== undefined &&
    typeof t.value === 'number' &&
    Math.abs(net + adjustmentsBetween(subtotal.order, t.order, ctx) + x - t.value) < 0.051;
  let tax: Candidate | undefined;
  let balanced: boolean | undefined;
  if (net !== undefined && taxes.length) {
    const printed = total;
    tax = printed ? taxes.find((x) => fits(printed, x.value as number)) : undefined;
    if (!tax) {
      // another printed total that net + tax explains is the gross
      for (const t of totals) {
        const match = taxes.find((x) => fits(t, x.value as number));
        if (match && typeof t.value === 'number') {
          total = { ...t, confidence: Math.max(t.confidence, total?.confidence ?? 0) };
          tax = match;
          break;
        }
      }
    }
    balanced = tax !== undefined;
    // a tax row printing only 0.00 (a zero-rated line, the real tax in a summary further down)
    // says nothing about a total that differs from the net: the tax is not known
    if (!tax && taxes.every((x) => x.value === 0)) balanced = undefined;
  }
  // a total that lost a cent figure ("1682,5" for 1682,53, "1485,3" for 1485,23): net + tax gives
  // the figure it lost, whether or not the rest balanced within cash rounding
  if (total && subtotal && net !== undefined && printsOneCentFigure(total, ctx)) {
    const printed = Number(total.value);
    const netAndAdjustments = net + adjustmentsBetween(subtotal.order, total.order, ctx);
    const match = (tax ? [tax] : taxes).find((x) =>
      lostOneCentFigure(printed, round2(netAndAdjustments + Number(x.value))),
    );
    if (match) {
      total = { ...total, value: round2(netAndAdjustments + Number(match.value)) };
      tax = match;
      balanced = true;
    }
  }
  // without the arithmetic to choose, a tax row's figure is its last one (rate and base come first)
  tax ??= lastPerRow(taxes);
  // a tax that lost a cent figure ("6,993.9" for 6,993.39): the total less the net gives it
  if (!balanced && tax && total && subtotal && net !== undefined && printsOneCentFigure(tax, ctx)) {
    const rest = round2(
      Number(total.value) - net - adjustmentsBetween(subtotal.order, total.order, ctx),
    );
    if (lostOneCentFigure(Number(tax.value), rest)) {
      tax = { ...tax, value: rest };
      balanced = true;
    }
  }
  const figures: MoneyFigures = { total, subtotal, tax, balanced };
  cache.set(ctx, figures);
  return figures;
}

/** Whether a money figure is printed with one cent figure only ("1682,5"): one of two was lost. */
function printsOneCentFigure(c: Candidate, ctx: DocContext): boolean {
  const value = c.value;
  if (typeof value !== 'number') return false;
  return findAmounts(ctx.layout.rows[c.order]?.text ?? '', ctx.mark).some(
    (a) =>
      Math.abs(a.value - value) < 0.005 &&
      /\d[.,]\d(?!\d)\s*(?:€|EUR|USD|MYR|RM|[-−])?$/.test(a.match.trim()),
  );
}

/** Whether `printed` is `full` with one of its two cent figures lost ("6,993.9" for 6,993.39). */
function lostOneCentFigure(printed: number, full: number): boolean {
  const [whole, cents] = full.toFixed(2).split('.') as [string, string];
  const [printedWhole, printedCent] = printed.toFixed(1).split('.') as [string, string];
  return printed !== full && whole === printedWhole && cents.includes(printedCent);
}

/** A tax row that sums the others ("Total TVA", "Totale IVA", "Summe MwSt"). */
const TAX_TOTAL_ROW = /\b(total|totale|totaal|summe|gesamt|somme)\b/i;

function lastPerRow(cands: Candidate[]): Candidate | undefined {
  // with several rates, the row that sums them is the tax; a single rate's row is one part of it
  const rows = new Set(cands.map((c) => c.order));
  const summing = cands.filter((c) => c.hit && TAX_TOTAL_ROW.test(c.hit.row.text));
  const first = rows.size > 1 && summing.length ? summing[0] : cands[0];
  if (!first) return undefined;
  const row = cands.filter((c) => c.order === first.order);
  return row[row.length - 1];
}

/**
 * Whether a subtotal that does not balance with the tax is the gross itself: receipts print a
 * subtotal that already includes the tax ("Sub-total 2.50", "GST included 0.14", "Total 2.50").
 */
const netIncludesTax = (figures: MoneyFigures): boolean =>
  typeof figures.subtotal?.value === 'number' &&
  typeof figures.total?.value === 'number' &&
  sameMoney(figures.subtotal.value, figures.total.value);

/** A candidate marked with what the arithmetic says of it. */
export function withArithmetic(c: Candidate, figures: MoneyFigures): Candidate {
  if (figures.balanced === undefined || typeof c.value !== 'number') return c;
  const parts = [figures.total, figures.subtotal, figures.tax];
  const inBalance = figures.balanced && parts.some((p) => p?.value === c.value);
  if (inBalance) return { ...c, arithmetic: 'agrees' };
  // what the customer paid already confirmed the figure: a discount or an unread charge between
  // net, tax and gross does not make two readings that agree wrong
  if (c.arithmetic === 'agrees') return c;
  if (netIncludesTax(figures)) return c;
  return { ...c, arithmetic: 'contradicts' };
}
