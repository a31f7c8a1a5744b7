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
  return kind === 'amount' && s.arithmetic === 'agrees' ? `${kind}:checked` : kind;
}

/** Below this a value is not "confident"; a value the arithmetic contradicts stays under it. */
export const CONFIDENT = 0.8;

/** The share right of values scoring `raw` in a fitted step table (steps sorted by `from`). */
export function lookup(steps: readonly CalibrationStep[], raw: number): number | null {
  let p: number | null = null;
  for (const step of steps) if (raw >= step.from) p = step.p;
  return p ?? steps[0]?.p ?? null;
}

/** The calibrated confidence of a value from its signals. */
export function calibrated(s: ValueSignals): number {
  const steps = CALIBRATION[groupOf(s)] ?? CALIBRATION[kindOf(s.concept)];
  const p = (steps && lookup(steps, s.raw)) ?? s.raw;
  // a figure the document's own arithmetic contradicts is never shown as confident
  return s.arithmetic === 'contradicts' ? Math.min(p, CONFIDENT - 0.01) : p;
}
