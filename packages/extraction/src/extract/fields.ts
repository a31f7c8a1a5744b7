/**
 * Field extraction: which strategy reads a field (ids, dates, amounts, tax, parties, addresses,
 * currency, or plain labelled values), and the calibrated confidence of what it found.
 */
import type { FieldDefinition } from '@parser/contracts';
import type { ExtractedValue } from '../document.js';
import { conceptOf, namedConceptOf, phrasesFor, type ConceptId } from './concepts.js';
import { calibrated, type ValueSignals } from './confidence/calibrate.js';
import { letters, NOTHING, toValue, type Candidate, type DocContext } from './context.js';
import { findLabels, pickFirstBest, valuesFor } from './labels.js';
import { fieldMeaning, understood, type FieldMeaning } from './lexicon/label-match.js';
import { addressFallback } from './strategies/addresses.js';
import { largestAmount, pickTotal } from './strategies/amounts.js';
import { moneyFigures, withArithmetic } from './strategies/arithmetic.js';
import { currencyOfValue, extractCurrencyCode } from './strategies/currency.js';
import { customerName } from './strategies/customer.js';
import { extractDate, plausibleOrder } from './strategies/dates.js';
import { extractId, ID_CONCEPTS } from './strategies/ids.js';
import { labelledValue } from './strategies/labelled-value.js';
import { vendorFallback } from './strategies/parties.js';

export { contextOf, NOTHING, type Candidate, type DocContext } from './context.js';
export { findLabels } from './labels.js';
export { parseTyped, plausibleMisread, alternativeAmounts, type Typed } from './typed.js';
export { cashLessChange } from './strategies/payment.js';
export { isPlausibleDocumentDate } from './strategies/dates.js';
export { vendorFallback } from './strategies/parties.js';
export { addressFallback } from './strategies/addresses.js';
export {
  fixOcrLetters,
  normaliseCompany,
  withoutDocumentTitle,
} from './strategies/company-name.js';

/** A vendor's name or an address is long free text: a fragment ("(Inc.", "Number") is not one. */
const acceptsName = (v: { value: string | number | boolean }): boolean => {
  const t = String(v.value);
  return letters(t) >= 3 && !/^[([{]/.test(t) && (t.includes(' ') || t.length >= 8);
};

function partyOrAddress(
  field: FieldDefinition,
  concept: ConceptId,
  ctx: DocContext,
): Candidate | null {
  // a misread label ("supplies" for "supplier") is not trusted for long free text
  const hits = findLabels(ctx.layout, phrasesFor(field, ctx.locales)).filter(
    (h) => h.distance === 0,
  );
  const labelled = pickFirstBest(hits.flatMap((h) => valuesFor(h, field, ctx, acceptsName)));
  if (labelled && labelled.confidence >= 0.6) return labelled;
  return concept === 'vendor' ? (vendorFallback(ctx)?.cand ?? null) : addressFallback(ctx);
}

function money(
  field: FieldDefinition,
  concept: ConceptId | null,
  ctx: DocContext,
): Candidate | null {
  const figures = moneyFigures(ctx);
  if (concept === 'tax') return figures.tax ? withArithmetic(figures.tax, figures) : null;
  const cands = findLabels(ctx.layout, phrasesFor(field, ctx.locales)).flatMap((h) =>
    valuesFor(h, field, ctx),
  );
  if (concept === 'total') {
    let best = pickTotal(cands, ctx);
    // the total the arithmetic settled on, when the field's own labels found the same figure or
    // its row (where the arithmetic gave back a lost cent figure)
    const settled = figures.total;
    if (
      figures.balanced &&
      settled &&
      cands.some((c) => c.value === settled.value || c.order === settled.order)
    )
      best = { ...settled, confidence: Math.max(settled.confidence, best?.confidence ?? 0) };
    if (best) return withArithmetic(best, figures);
    return field.type === 'currency' || field.type === 'number' ? largestAmount(ctx) : null;
  }
  const best = pickFirstBest(cands) ?? null;
  return best && concept === 'subtotal' ? withArithmetic(best, figures) : best;
}

function candidateFor(
  field: FieldDefinition,
  concept: ConceptId | null,
  ctx: DocContext,
): Candidate | null {
  if ((concept === 'vendor' || concept === 'address') && field.type === 'string')
    return partyOrAddress(field, concept, ctx);
  if (concept === 'bill_to' && field.type === 'string') return customerName(field, ctx);
  if (concept && ID_CONCEPTS.has(concept)) return extractId(field, ctx);
  if (field.type === 'date') return extractDate(field, concept, ctx);
  if (concept === 'total' || concept === 'subtotal' || concept === 'tax')
    return money(field, concept, ctx);
  return (
    pickFirstBest(
      findLabels(ctx.layout, phrasesFor(field, ctx.locales)).flatMap((h) =>
        valuesFor(h, field, ctx),
      ),
    ) ?? null
  );
}

/** The signals of a value, for calibration. */
function signalsOf(c: Candidate, concept: ConceptId | null, field: FieldDefinition): ValueSignals {
  return {
    concept: concept ?? field.type,
    raw: Math.max(0, Math.min(1, c.confidence)),
    labelled: c.where !== 'fallback',
    exactLabel: c.hit ? c.hit.distance === 0 : false,
    readConf: c.readConf ?? null,
    minReadConf: c.minReadConf ?? c.readConf ?? null,
    leastGlyph: c.leastGlyph ?? null,
    ...(c.legalForm ? { legalForm: true } : {}),
    secondReading: c.alts?.length ? 'differs' : 'none',
    arithmetic: c.arithmetic ?? 'none',
  };
}

export interface FieldOutcome {
  value: ExtractedValue;
  signals: ValueSignals | null;
}

/** What a field named for each concept means by default: the concept's strategies read that. */
const CONCEPT_MEANS: Partial<Record<ConceptId, readonly string[]>> = {
  invoice_number: ['billing'],
  date: ['billing', 'statement'],
  due_date: ['due'],
  total: ['due'],
  subtotal: ['sub', 'net'],
  tax: ['tax'],
  po_number: ['order'],
  order_number: ['order'],
  vendor: ['supplier'],
  bill_to: ['customer'],
  customer_number: ['customer', 'account'],
  payment_method: ['payment'],
};

/** A qualifier, role or subject in the field's name that its concept does not mean by itself. */
const asksMoreThan = (meaning: FieldMeaning, concept: ConceptId): boolean =>
  [...meaning.tags].some(
    ([tag, kind]) =>
      kind !== 'head' && kind !== 'weak' && !(CONCEPT_MEANS[concept] ?? []).includes(tag),
  );

/** Confidence shown green. */
const GREEN = 0.8;

/**
 * A field not named for an invoice or receipt concept, read by what its name means: null when
 * the lexicon does not understand it (the concept strategies and a plain label search take it).
 */
function byMeaning(field: FieldDefinition, ctx: DocContext): FieldOutcome | null {
  const meaning = fieldMeaning(field);
  if (!understood(meaning)) return null;
  // a field named for an invoice or receipt concept keeps that concept's strategies, unless its
  // name asks for more than the concept ("Date issued" on a certificate is not the invoice date)
  // and a label says surely what it is
  const named = namedConceptOf(field);
  if (named && !asksMoreThan(meaning, named.id)) return null;
  const c = labelledValue(meaning, field.type === 'date' ? plausibleOrder(ctx) : ctx);
  if (named && (!c || c.confidence < GREEN)) return null;
  // the type's own printed words for the field (its aliases) are searched as they are
  if (!c && field.aliases?.length) return null;
  if (!c) return { value: NOTHING, signals: null };
  const value = toValue(c);
  if (field.type === 'currency' && typeof c.value === 'number') {
    const currency = currencyOfValue(c, ctx);
    if (currency) value.currency = currency;
  }
  return { value, signals: { ...signalsOf(c, null, field), concept: `meaning:${field.type}` } };
}

/** Extract one field, with the signals its confidence was calibrated from. */
export function extractFieldWithSignals(field: FieldDefinition, ctx: DocContext): FieldOutcome {
  const meant = byMeaning(field, ctx);
  if (meant) return meant;
  const concept: ConceptId | null = conceptOf(field)?.id ?? null;
  if (concept === 'currency' && field.type === 'string') {
    const c = extractCurrencyCode(field, ctx);
    if (!c) return { value: NOTHING, signals: null };
    if (c.page === null)
      return { value: { value: c.value, confidence: c.confidence, source: null }, signals: null };
    return { value: toValue(c), signals: null };
  }
  const dated = field.type === 'date' ? plausibleOrder(ctx) : ctx;
  const c = candidateFor(field, concept, dated);
  if (!c) return { value: NOTHING, signals: null };
  const signals = signalsOf(c, concept, field);
  const value = toValue({ ...c, confidence: calibrated(signals) });
  if (field.type === 'currency' && typeof c.value === 'number') {
    const currency = currencyOfValue(c, ctx);
    if (currency) value.currency = currency;
  }
  return { value, signals };
}

/** Extract one field. */
export function extractField(field: FieldDefinition, ctx: DocContext): ExtractedValue {
  return extractFieldWithSignals(field, ctx).value;
}
