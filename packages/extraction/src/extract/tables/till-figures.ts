/**
 * The figures at the end of a till line, read as quantity, unit price and amount: "2 3.05 6.10",
 * "2 x 3.05 6.10", "2X3,05 6,10", "8 @ 1.70" (the quantity and price of the item above), a weight
 * "2.489 kg @ 1.51", or the amount alone.
 */
import { round2 } from '../context.js';
import type { Tok } from '../layout.js';

export const MONEY = /^[-−]?\d{1,6}[.,]\d{2}$/;
/** A count or a weight: "2", "10", "1.555", "2,479". */
export const COUNT = /^\d{1,3}(?:[.,]\d{1,3})?$/;
/** A count with its unit glued on ("1PC", "3PCS", "2EA"). */
const COUNT_OF_UNITS = /^(\d{1,3})(?:pcs?|ea|units?)$/i;
/** What weighed goods are sold by. */
export const WEIGHT_UNIT = /^(kg|g|lb|lbs)$/i;
const TIMES = /^[x×@*]$/i;
/** A quantity glued to its "x" or "@", the unit price perhaps glued on too: "2X", "1@2.70", "@3.53". */
const GLUED = /^(\d{1,3}(?:[.,]\d{1,3})?)?([x×@])(\d{1,6}[.,]\d{2})?$/i;
/** A tax code printed after the amount ("7.00 A", "7.00 SR", "62.50 z"). */
const TAX_CODE = /^(?:[A-Z]{1,2}|[a-wyz])$/;
/** A currency printed apart from its figure ("5 X RM 12.50"). */
const CURRENCY = /^(rm|\$|€|£)$/i;

/** A figure's text without the currency printed before it ("RM62.50", "$5.50"). */
const withoutCurrency = (text: string): string => text.replace(/^(rm|\$|€|£)/i, '');

const CENT = 0.011;

export interface TillFigures {
  qty?: Tok;
  price?: Tok;
  amount?: Tok;
  /** Figures that are the end of the name, not the line's ("Highlighter Set 4"). */
  rest: Tok[];
}

const part = (tok: Tok, text: string): Tok => ({ ...tok, text, norm: text });

/** Whether a token can be one of a till line's figures. */
function isFigure(t: Tok): boolean {
  const text = withoutCurrency(t.text);
  return (
    MONEY.test(text) ||
    COUNT.test(text) ||
    TIMES.test(text) ||
    (GLUED.test(text) && /\d/.test(text)) ||
    TAX_CODE.test(text) ||
    CURRENCY.test(t.text)
  );
}

/** Two money figures OCR ran together, the space between them lost ("5.3010.60"). */
const TWO_FIGURES = /^(\d{1,6}[.,]\d{2})(\d{1,6}[.,]\d{2})$/;

/** The row's words before its figures, and the figures (a weight's unit with its figure). */
export function splitFigures(row: Tok[]): [Tok[], Tok[]] {
  const words = row.flatMap((t) => {
    const two = TWO_FIGURES.exec(t.text);
    return two ? [part(t, two[1]!), part(t, two[2]!)] : [t];
  });
  let k = words.length;
  while (k > 0) {
    // a speck read as a point after a figure ("1.", "3.20.")
    const speck = /^(\d{1,6}(?:[.,]\d{1,3})?)\.$/.exec(words[k - 1]!.text);
    if (speck) words[k - 1] = part(words[k - 1]!, speck[1]!);
    const t = words[k - 1]!;
    // a count with its unit is one only before its "x" ("1PC * 9.000"); else it is the name's
    // ("SKRU KAYU 100PCS")
    if (isFigure(t) || (COUNT_OF_UNITS.test(t.text) && TIMES.test(words[k]?.text ?? ''))) k--;
    else if (WEIGHT_UNIT.test(t.text) && k >= 2 && COUNT.test(words[k - 2]!.text)) k -= 2;
    else break;
  }
  // a tax code alone is no figure: the row is words
  const figures = words.slice(k);
  if (figures.every((t) => TAX_CODE.test(t.text) || CURRENCY.test(t.text))) return [words, []];
  return [words.slice(0, k), figures];
}

/** A till figure's value (a decimal comma or point, a currency prefix). */
export const valueOf = (t: Tok): number =>
  parseFloat(withoutCurrency(t.text).replace(',', '.').replace('−', '-'));

/**
 * A quantity and unit price OCR read as one figure, the space between them lost ("35,60" for
 * "3 5,60"): taken apart when the two make the line's amount.
 */
function gluedQtyPrice(tok: Tok, amount: Tok): [Tok, Tok] | null {
  const text = withoutCurrency(tok.text);
  const total = valueOf(amount);
  for (const cut of [1, 2]) {
    const qty = text.slice(0, cut);
    const price = text.slice(cut);
    if (!/^\d+$/.test(qty) || !MONEY.test(price) || /^0\d/.test(price)) continue;
    if (Math.abs(round2(parseInt(qty, 10) * valueOf(part(tok, price))) - total) <= CENT)
      return [part(tok, qty), part(tok, price)];
  }
  return null;
}

/** A gap narrower than this many heights of the text is the space between two words. */
const WORD_SPACE = 0.8;
const height = (t: Tok): number => t.box[3] - t.box[1];

/** A figure printed to the cent: a price or an amount, not a count or a weight. */
const toTheCent = (t: Tok): boolean => /[.,]\d{2}$/.test(t.text);

/**
 * The figures of a till line as quantity, unit price and amount; `nameBefore` is the last word of
 * the line's name, if any.
 */
export function readTillFigures(figures: Tok[], nameBefore?: Tok): TillFigures {
  // glued forms taken apart, tax codes and weight units dropped
  const parts: (Tok | 'times')[] = [];
  for (const t of figures) {
    const text = withoutCurrency(t.text);
    const glued = GLUED.exec(text);
    if (TIMES.test(text)) parts.push('times');
    else if (glued && !MONEY.test(text)) {
      if (glued[1]) parts.push(part(t, glued[1]));
      parts.push('times');
      if (glued[3]) parts.push(part(t, glued[3]));
    } else if (MONEY.test(text) || COUNT.test(text)) parts.push(part(t, text));
    else if (COUNT_OF_UNITS.test(text)) parts.push(part(t, COUNT_OF_UNITS.exec(text)![1]!));
  }
  const numbers = (list: (Tok | 'times')[]) => list.filter((p): p is Tok => p !== 'times');
  const at = parts.indexOf('times');
  if (at >= 0) {
    const before = numbers(parts.slice(0, at));
    // the last two figures after the "x" are the price and the amount; a speck read as a figure
    // before them is neither ("1X 6 6.30 6.30")
    const after = numbers(parts.slice(at + 1));
    const amount = after.length >= 2 ? after.pop() : undefined;
    const qty = before.pop();
    // a discount column between them ("1PC * 9.000 0.00 9.00"): the price is the figure that
    // makes the amount
    const price = (qty && amount && after.find((p) => makesAmount(qty, p, amount))) ?? after[0];
    return { qty, price, amount, rest: before };
  }
  const nums = numbers(parts);
  const amount = nums.pop();
  if (!amount || !MONEY.test(amount.text)) return { rest: [] };
  // more columns than quantity and price (issued, returned, discount): the two that make the amount
  const pair = nums.length >= 3 ? quantityAndPrice(nums, amount) : null;
  if (pair) return { ...pair, amount };
  // figures before the last three are the name's ("Screws 4x40 Box 100  1  5.25  5.25")
  const rest = nums.splice(0, Math.max(0, nums.length - 2));
  const [first, second] = nums;
  if (first && second) return quantityThenPrice(first, second, amount, rest);
  if (!first) return { amount, rest };
  if (toTheCent(first)) {
    // a price that does not make the amount may be a quantity glued to it
    const glued = Math.abs(valueOf(first) - valueOf(amount)) > CENT && gluedQtyPrice(first, amount);
    if (glued) return { qty: glued[0], price: glued[1], amount, rest };
    return { price: first, amount, rest };
  }
  // a whole count the amount is no whole number of cents of is the name's ("EGGS 12  13.40"), and
  // so is one printed a word's space after the name ("Highlighter Set 4   4.08"): a quantity
  // column stands apart
  const count = valueOf(first);
  if (Number.isInteger(count) && count > 0) {
    const each = round2(valueOf(amount) / count);
    const inName = nameBefore && first.box[0] - nameBefore.box[2] < WORD_SPACE * height(first);
    if (inName || Math.abs(round2(each * count) - valueOf(amount)) > CENT)
      return { amount, rest: [...rest, first] };
  }
  return { qty: first, amount, rest };
}

/** The two figures before a till line's amount, read as its quantity and unit price. */
function quantityThenPrice(first: Tok, second: Tok, amount: Tok, rest: Tok[]): TillFigures {
  // the price to the cent, the quantity a count, in either order ("$5.50  1  $5.50")
  if (toTheCent(first) && !toTheCent(second)) return { qty: second, price: first, amount, rest };
  if (toTheCent(first) && toTheCent(second) && !makesAmount(first, second, amount)) {
    // two prices, neither times the other the amount, one of them the amount: the price of one,
    // the other a column misread ("RM 4.30 10.00 RM4.30" for "RM 4.30 1 0.00 RM4.30")
    const price = [first, second].find((t) => Math.abs(valueOf(t) - valueOf(amount)) <= CENT);
    if (price) return { price, amount, rest };
  }
  return { qty: first, price: second, amount, rest };
}

/**
 * Of a till line's figures before its amount, a price (to the cent) and a quantity that make the
 * amount ("O.C. WHITE  2.13  3  0  0  3  6.39": 3 × 2.13); figures before the first of them are
 * the name's. Null when no two make it.
 */
function quantityAndPrice(nums: Tok[], amount: Tok): { qty: Tok; price: Tok; rest: Tok[] } | null {
  for (const [i, price] of nums.entries()) {
    if (!toTheCent(price)) continue;
    // the quantity nearest the price: a figure further off ends the name ("Highlighter Set 4  4
    // 3.43  13.72")
    const others = [...nums.keys()]
      .filter((j) => j !== i)
      .sort((a, b) => Math.abs(a - i) - Math.abs(b - i));
    for (const j of others) {
      const qty = nums[j]!;
      if (valueOf(qty) <= 0 || !makesAmount(qty, price, amount)) continue;
      return { qty, price, rest: nums.slice(0, Math.min(i, j)) };
    }
  }
  return null;
}

/** Whether a quantity and unit price make an amount, to the cent. */
export function makesAmount(qty: Tok, price: Tok, amount: Tok): boolean {
  // a minus before the amount may be a speck: the figures decide
  return Math.abs(round2(valueOf(qty) * valueOf(price)) - Math.abs(valueOf(amount))) <= CENT;
}
