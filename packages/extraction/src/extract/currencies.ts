/** Currencies printed on documents: ISO codes and symbols (€, £, RM, R$, $…), per value and per document. */

const CURRENCY_SYMBOLS: [RegExp, string][] = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/₹/, 'INR'],
  [/¥/, 'JPY'],
  [/\bRM\b/i, 'MYR'],
  [/\bRs\.?(?![a-z])/i, 'INR'],
  [/\bS\$/, 'SGD'],
  [/\bR\$/, 'BRL'],
  [/\bAU?\$/, 'AUD'],
  [/\bC\$/, 'CAD'],
  [/\bNZ\$/, 'NZD'],
  [/\bHK\$/, 'HKD'],
  [/\$/, 'USD'],
];
const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'MYR',
  'SGD',
  'INR',
  'AUD',
  'CAD',
  'JPY',
  'CHF',
  'CNY',
  'HKD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'IDR',
  'THB',
  'PHP',
  'ZAR',
  'AED',
  'SAR',
  'BRL',
  'MXN',
];
const CODE_RE = new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`);

/** ISO code of a currency mentioned in a short text (code, symbol or RM/Rs), or null. */
export function detectCurrencyIn(text: string): string | null {
  const code = CODE_RE.exec(text.toUpperCase().replace(/\bINR\b/, 'INR'));
  if (code?.[1] && CODE_RE.test(text)) return code[1];
  for (const [re, c] of CURRENCY_SYMBOLS) if (re.test(text)) return c;
  return null;
}

/** The document's currency: the most mentioned ISO code or symbol, codes weighing more than symbols. */
export function detectCurrency(text: string): string | null {
  const votes = new Map<string, number>();
  const add = (c: string, w: number) => votes.set(c, (votes.get(c) ?? 0) + w);
  for (const m of text.matchAll(new RegExp(CODE_RE.source, 'g'))) if (m[1]) add(m[1], 3);
  for (const m of text.matchAll(/\b(?:Rs\.?|INR)\s?[-−]?\s?\d/g)) if (m[0]) add('INR', 2);
  const symbols: [RegExp, string][] = [
    [/€/g, 'EUR'],
    [/£/g, 'GBP'],
    [/₹/g, 'INR'],
    [/\bRM\s?\d|\(RM\)|\bRM\b/g, 'MYR'],
    [/\bR\$/g, 'BRL'],
    // the dollars that print their country before the sign ("A$31,174.04", "NZ$ 90.00")
    [/\bAU?\$/g, 'AUD'],
    [/\bC\$/g, 'CAD'],
    [/\bS\$/g, 'SGD'],
    [/\bNZ\$/g, 'NZD'],
    [/\bHK\$/g, 'HKD'],
    [/(?<![A-Z])\$\s?\d{1,3}(?:,\d{3})*\.\d{2}(?!\d)/g, 'USD'],
  ];
  // a "$" is the dollar or peso whose code the document prints ("Total MXN: $2,296.80")
  const dollarCode = ['MXN', 'AUD', 'CAD', 'NZD', 'SGD', 'HKD'].find((c) => votes.has(c));
  for (const [re, c] of symbols)
    for (const _m of text.matchAll(re)) add(c === 'USD' && dollarCode ? dollarCode : c, 1);
  let best: string | null = null;
  let bestN = 0;
  for (const [c, n] of votes) if (n > bestN) [best, bestN] = [c, n];
  return best;
}
