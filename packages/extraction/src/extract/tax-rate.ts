/** Tax rates as documents print them beside a tax ("GST 6%", "MwSt. 19 %", "IVA 10,5%"). */

/** The rate printed in a tax row's words, as a fraction; null when none is printed. */
export function printedRateOf(text: string): number | null {
  const match = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(text);
  if (!match) return null;
  const rate = Number(match[1]!.replace(',', '.')) / 100;
  // no sales tax or VAT is above 30%: a larger figure is another number read next to a '%'
  return rate > 0 && rate <= 0.3 ? rate : null;
}

/** The tax a rate gives on an amount: added to it (a net) or included in it (a gross). */
export const taxesOn = (amount: number, rate: number): number[] => [
  amount * rate,
  (amount * rate) / (1 + rate),
];

/**
 * How far a tax may be from its rate of an amount and still be that rate: two cents, or 1% of the
 * tax, as tills and invoices round the tax of each line or each rate and add the results.
 */
export const rateTolerance = (tax: number): number => Math.max(0.02, tax * 0.01);

/** Whether `tax` is `rate` of `amount`, added to it or included in it. */
export const isTaxOf = (tax: number, amount: number, rate: number): boolean =>
  taxesOn(amount, rate).some((expected) => Math.abs(expected - tax) <= rateTolerance(tax));
