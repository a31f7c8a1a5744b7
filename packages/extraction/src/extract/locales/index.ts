/**
 * Locale packs and how a document chooses them: by the words it prints (its labels, country names,
 * legal forms, tax ids) and its currency, never by where it came from. English is always in, since
 * most documents mix English labels into other languages.
 */
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { ms } from './ms.js';
import { nl } from './nl.js';
import { pt } from './pt.js';
import type {
  DateOrder,
  DecimalMark,
  LabelConcept,
  LocaleId,
  LocalePack,
  PaymentKind,
} from './types.js';

export type { LabelConcept, LocaleId, LocalePack, PaymentKind } from './types.js';

export const LOCALES: readonly LocalePack[] = [en, de, fr, nl, es, it, pt, ms];

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9äöüßàâçéèêëîïôûùÿñáíóúãõº°.-]+/i)
    .map((w) => w.replace(/^[.-]+|[.-]+$/g, ''))
    .filter(Boolean);

/** Currencies that point to a language's countries: a weak hint beside the words. */
const CURRENCY_HINTS: Partial<Record<string, LocaleId[]>> = {
  MYR: ['ms'],
  BRL: ['pt'],
  CHF: ['de', 'fr', 'it'],
  MXN: ['es'],
};

/** How strongly a text speaks each language: distinct hint words (and hint phrases) found. */
export function localeScores(text: string, currency: string | null = null): Map<LocaleId, number> {
  const seen = new Set(words(text));
  const lower = ` ${text.toLowerCase().replace(/\s+/g, ' ')} `;
  const scores = new Map<LocaleId, number>();
  for (const pack of LOCALES) {
    let score = 0;
    for (const hint of pack.hints) {
      if (hint.includes(' ') ? lower.includes(` ${hint} `) : seen.has(hint)) score++;
    }
    if (currency && CURRENCY_HINTS[currency]?.includes(pack.id)) score += 2;
    scores.set(pack.id, score);
  }
  return scores;
}

/**
 * The packs a document is read with: English, plus every language that shows at least two of its
 * own words (one word alone, "total" or "via", is shared too widely to say anything).
 */
export function localesOf(text: string, currency: string | null = null): LocalePack[] {
  const scores = localeScores(text, currency);
  return LOCALES.filter((p) => p.id === 'en' || (scores.get(p.id) ?? 0) >= 2);
}

/** The packs' labels for a concept, each pack's best first. */
export function labelsFor(concept: LabelConcept, packs: readonly LocalePack[] = LOCALES): string[] {
  return [...new Set(packs.flatMap((p) => p.labels[concept] ?? []))];
}

export const strongTotals = (packs: readonly LocalePack[] = LOCALES): Set<string> =>
  new Set(packs.flatMap((p) => p.strongTotals ?? []));

export const blockersOf = (packs: readonly LocalePack[] = LOCALES): string[] => [
  ...new Set(packs.flatMap((p) => p.blockers ?? [])),
];

export type AdjustmentKind = 'discount' | 'charge' | 'rounding';

/** Every pack's labels of rows that adjust the amount due (discount, charge, rounding). */
export const adjustmentLabelsOf = (
  packs: readonly LocalePack[] = LOCALES,
): [AdjustmentKind, string][] =>
  [
    ...new Map(
      packs.flatMap((p) =>
        (['discount', 'charge', 'rounding'] as const).flatMap((kind) =>
          (p.adjustments?.[kind] ?? []).map((label) => [label, kind] as const),
        ),
      ),
    ),
  ].map(([label, kind]) => [kind, label]);

/** The packs' payment row labels, each with its kind (tendered, cash, card, change). */
export const paymentLabelsOf = (packs: readonly LocalePack[] = LOCALES): [PaymentKind, string][] =>
  packs.flatMap((p) =>
    (['tendered', 'cash', 'card', 'change'] as const).flatMap((kind) =>
      (p.payment?.[kind] ?? []).map((label) => [kind, label] as [PaymentKind, string]),
    ),
  );

export const recipientLabels = (packs: readonly LocalePack[] = LOCALES): string[] => [
  ...new Set(packs.flatMap((p) => p.recipientBlocks)),
];

export const tradeWordsOf = (packs: readonly LocalePack[] = LOCALES): string[] => [
  ...new Set(packs.flatMap((p) => p.tradeWords ?? [])),
];

export const addressWordsOf = (packs: readonly LocalePack[] = LOCALES): string[] => [
  ...new Set(packs.flatMap((p) => p.addressWords)),
];

export const regionsOf = (packs: readonly LocalePack[] = LOCALES): string[] => [
  ...new Set(packs.flatMap((p) => p.regions ?? [])),
];

/** Every month name of every pack: month names do not collide across these languages. */
export const ALL_MONTHS: [string, number][] = [
  ...new Map(LOCALES.flatMap((p) => p.months)).entries(),
];

/** The date order the document's languages agree on (English says nothing), or null. */
export function localeDateOrder(packs: readonly LocalePack[]): DateOrder | null {
  const orders = new Set(packs.map((p) => p.dateOrder).filter((o): o is DateOrder => o !== null));
  return orders.size === 1 ? ([...orders][0] ?? null) : null;
}

/** The decimal mark of the document's own language (not English) when its packs agree. */
export function localeDecimalMark(packs: readonly LocalePack[]): DecimalMark | null {
  const marks = new Set(packs.filter((p) => p.id !== 'en').map((p) => p.decimalMark));
  return marks.size === 1 ? ([...marks][0] ?? null) : null;
}
