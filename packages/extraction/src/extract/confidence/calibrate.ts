/**
 * Confidence that means something: the engine's raw score for a value (label match, OCR
 * confidence, agreement of two readings, payment and tax arithmetic folded in) mapped to the share
 * of such values that were right on the development documents, by an isotonic (monotone) fit per
 * kind of value. The table is data (calibration-table.ts), refitted by bench/fit-confidence.ts.
 */
import { CALIBRATION, type CalibrationStep } from './calibration-table.js';

export interface ValueSignals {
  /** The field's concept (total, date, vendor…) or, without one, its type. */
  concept: string;
  /** The strategy's own 0..1 score. */
  raw: number;
  /** Found beside a label (rather than by position). */
  labelled: boolean;
  /** The label matched exactly (not within an edit or two). */
  exactLabel: boolean;
  /** Mean OCR confidence of the value's words (1 for text layers); null when not known. */
  readConf: number | null;
  /** A second OCR reading of the value's figures gave another number. */
  secondReading: 'differs' | 'none';
  /** What the document's arithmetic (payment, net + tax = gross) says of the value. */
  arithmetic: 'agrees' | 'contradicts' | 'none';
}

/** Kinds of value that behave alike; each has its own curve. */
export type ValueKind = 'amount' | 'date' | 'id' | 'name' | 'address' | 'text';

const KIND: Record<string, ValueKind> = {
  total: 'amount',
  subtotal: 'amount',
  tax: 'amount',
  currency: 'amount',
  number: 'amount',
  date: 'date',
  due_date: 'date',
  invoice_number: 'id',
  po_number: 'id',
  order_number: 'id',
  customer_number: 'id',
  vendor: 'name',
  address: 'address',
};

export const kindOf = (concept: string): ValueKind => KIND[concept] ?? 'text';

/**
 * The calibration group of a value: its kind, and for amounts whether the arithmetic confirmed it
 * (two independent routes to one figure are right far more often than one).
 */
export function groupOf(s: ValueSignals): string {
  const kind = kindOf(s.concept);
  if (kind === 'amount' && s.arithmetic === 'agrees') return `${kind}:checked`;
  // a text layer is read exactly: its values are another population than OCR'd ones
  if (s.readConf === 1) return `${kind}:digital`;
  // an amount worked out (paid less change, the largest figure) rather than read beside a label
  if (kind === 'amount' && !s.labelled) return `${kind}:derived`;
  // a date beside its label is read from the right place far more often than one found alone
  if (kind === 'date' && s.labelled) return `${kind}:labelled`;
  return kind;
}

/** Below this a value is not "confident"; a value the arithmetic contradicts stays under it. */
export const CONFIDENT = 0.8;

/** The share right of values scoring `raw` in a fitted step table (steps sorted by `from`). */
export function lookup(steps: readonly CalibrationStep[], raw: number): number | null {
  let p: number | null = null;
  for (const step of steps) if (raw >= step.from) p = step.p;
  // below every score the fit has seen, it says nothing
  return p;
}

/** The share right that the confident band promises: a green badge is wrong at most 3 times in 100. */
export const CONFIDENT_SHARE = 0.97;

/**
 * The confidence shown for a value right a share `p` of the time: the product's bands keep their
 * meaning, ≥0.8 for values right at least 97% of the time (0.8–0.99 across 97–100%), 0.6–0.8 for
 * 80–97%, and below 0.6 for the rest (0.75 × p).
 */
export function confidenceFor(p: number): number {
  if (p >= CONFIDENT_SHARE)
    return CONFIDENT + ((p - CONFIDENT_SHARE) / (1 - CONFIDENT_SHARE)) * 0.19;
  if (p >= 0.8) return 0.6 + ((p - 0.8) / (CONFIDENT_SHARE - 0.8)) * 0.199;
  return 0.75 * p;
}

/**
 * Values of one fitted step share its confidence; the raw score still orders them, by less than a
 * hundredth and never across a band's lower edge (0.6, 0.8), so a doubtful reading shows lower.
 */
function withinStep(confidence: number, raw: number): number {
  const floor = confidence >= CONFIDENT ? CONFIDENT : confidence >= 0.6 ? 0.6 : 0;
  return Math.max(floor, confidence - 0.009 * (1 - Math.max(0, Math.min(1, raw))));
}

/** The calibrated confidence of a value from its signals. */
export function calibrated(s: ValueSignals): number {
  const name = groupOf(s);
  const group = CALIBRATION[name];
  // digital and derived values are not OCR'd labelled values: their kind's curve does not speak for them
  const kind = /:(digital|derived)$/.test(name) ? undefined : CALIBRATION[kindOf(s.concept)];
  const p = (group && lookup(group, s.raw)) ?? (kind && lookup(kind, s.raw)) ?? null;
  // without a fitted curve (a field kind the development documents do not have) the raw score stands
  const confidence = p === null ? s.raw : withinStep(confidenceFor(p), s.raw);
  // a figure the document's own arithmetic contradicts is never shown as confident
  return s.arithmetic === 'contradicts' ? Math.min(confidence, CONFIDENT - 0.01) : confidence;
}
