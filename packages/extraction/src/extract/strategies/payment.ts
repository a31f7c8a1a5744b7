/**
 * What the customer paid, from a receipt's payment lines: the amount tendered (or the CASH line)
 * less the CHANGE given, or a card payment, which is the bill itself. It checks the total.
 */
import type { Box } from '../../document.js';
import { avgConf, round2, type Candidate, type DocContext } from '../context.js';
import { normWord, unionBox, type Row, type Tok } from '../layout.js';
import { paymentLabelsOf, type PaymentKind } from '../locales/index.js';
import { alternativeAmounts, parseTyped } from '../typed.js';

export interface Paid {
  value: number;
  box: Box;
  page: number;
  order: number;
  /** The lower OCR confidence of the two amounts it is computed from. */
  readConf: number;
  /** The amount paid as second OCR readings of its figures give it. */
  alts: number[];
}

export const paidCandidate = (paid: Paid, confidence: number): Candidate => ({
  value: paid.value,
  box: paid.box,
  page: paid.page,
  confidence: confidence * (0.55 + 0.45 * paid.readConf),
  order: paid.order,
  where: 'fallback',
  readConf: paid.readConf,
});

const TENDERED =
  /^(tender(ed)?|amount\s*tendered|amt\s*tendered|paid|paid\s*amount|amount\s*paid|payment)$/i;
const CASH = /^cash$/i;
/** A card pays the bill exactly: no change is given. */
const CARD = /^(credit|credit\s*card|card|debit|debit\s*card|visa|master|mastercard|amex)$/i;
/** "Change", also with a word before or after it ("Cash Change", "Your Change", "Change Due"). */
const CHANGE = /^(?:(?:cash|your|total)\s)?change(?:\s(?:due|given|amount|amt))?$/i;
/** A change of nothing printed as ".00", which OCR reads without its point. */
const NO_CHANGE = /^\.?0{2}$/;
/** A change under one unit printed as its cents alone (".40"). */
const CENTS_ONLY = /^[.,]\d{2}$/;

/** A label's words compared without case or accents: OCR often loses them ("Ruckgeld", "Reco"). */
const plainLabel = (text: string) => text.split(/\s+/).map(normWord).filter(Boolean).join(' ');

/** The document's languages' payment labels (Bar, Rückgeld, Tunai, Baki…), as plain labels. */
const localPaymentLabels = (ctx: DocContext): Map<string, PaymentKind> =>
  new Map(paymentLabelsOf(ctx.locales).map(([kind, word]) => [plainLabel(word), kind]));

interface MoneyReading {
  value: number;
  toks: Tok[];
  row: Row;
}

/**
 * What the customer paid: the amount tendered (or the CASH line) less the CHANGE given, when a
 * receipt prints both legibly. A "Tendered" line outranks "Cash", which some tills use for the cash
 * share of the bill rather than the money handed over.
 */
export function amountPaid(ctx: DocContext): Paid | null {
  let tendered: MoneyReading | null = null;
  let cash: MoneyReading | null = null;
  let card: MoneyReading | null = null;
  let change: MoneyReading | null = null;
  let tenderSeen = false;
  const localLabels = localPaymentLabels(ctx);
  for (const row of ctx.layout.rows) {
    const words = row.words;
    // the label is the row's first word or two ("CASH", "Amount Tendered :")
    for (const n of [2, 1]) {
      const head = words.slice(0, n);
      if (head.length < n || head.some((w) => /\d/.test(w.text) || !/[a-z]/i.test(w.text)))
        continue;
      const label = plainLabel(head.map((w) => w.text).join(' '));
      const kind: PaymentKind | null = TENDERED.test(label)
        ? 'tendered'
        : CASH.test(label)
          ? 'cash'
          : CARD.test(label)
            ? 'card'
            : CHANGE.test(label)
              ? 'change'
              : (localLabels.get(label) ?? null);
      if (!kind) continue;
      // a heading over the payment lines ("Payment Details") tenders nothing
      if (kind === 'tendered' && words.slice(n).some((w) => /\d/.test(w.text))) tenderSeen = true;
      const figures = words.slice(n).filter((w) => !/^(rm|[a-z]{2,3}|[:$])$/i.test(w.text));
      const v = parseTyped(words.slice(n), 'currency', ctx);
      let reading: MoneyReading | null = null;
      if (v && typeof v.value === 'number' && v.quality === 1 && avgConf(v.toks) >= 0.6)
        reading = { value: v.value, toks: v.toks, row };
      else if (kind === 'change' && figures.length === 1 && NO_CHANGE.test(figures[0]!.text))
        reading = { value: 0, toks: figures, row };
      else if (kind === 'change' && figures.length === 1 && CENTS_ONLY.test(figures[0]!.text))
        reading = { value: Number(`0.${figures[0]!.text.slice(1)}`), toks: figures, row };
      if (reading) {
        if (kind === 'tendered') tendered ??= reading;
        else if (kind === 'cash') cash ??= reading;
        else if (kind === 'card') card ??= reading;
        else if ((tendered ?? cash ?? card) && !change) change = reading;
      }
      break;
    }
  }
  const given = tendered ?? (tenderSeen ? null : (cash ?? card));
  if (!given) return null;
  const paidBy = (g: MoneyReading, c: MoneyReading | null): Paid => {
    const changeValue = c?.value ?? 0;
    const alts = [
      ...alternativeAmounts(g.toks, g.value, ctx).map((a) => a - changeValue),
      ...(c ? alternativeAmounts(c.toks, c.value, ctx).map((a) => g.value - a) : []),
    ].map(round2);
    return {
      value: round2(g.value - changeValue),
      box: unionBox(g.toks.map((t) => t.box)),
      page: g.row.page,
      order: g.row.index,
      readConf: c ? Math.min(avgConf(g.toks), avgConf(c.toks)) : avgConf(g.toks),
      alts,
    };
  };
  // a card payment is the bill itself; cash needs its change to say what was paid
  if (given === card && (!change || change.value === 0)) return paidBy(card, null);
  if (!change || change.value < 0 || change.value >= given.value) return null;
  return paidBy(given, change);
}

/** CASH − CHANGE when a receipt prints both (the amount tendered and the change given), else null. */
export function cashLessChange(ctx: DocContext): number | null {
  return amountPaid(ctx)?.value ?? null;
}
