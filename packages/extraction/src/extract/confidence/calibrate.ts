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
  /** The lowest OCR confidence among the value's words; null when not known. */
  minReadConf?: number | null;
  /** The least sure character among the value's words; null when not known. */
  leastGlyph?: number | null;
  /** A company name carrying a legal form or business word (Ltd, Sdn Bhd, Trading…), not a slogan. */
  legalForm?: boolean;
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
 * A reading whose least sure word is at least this sure: a misread glyph lowers its own word's
 * confidence, which the mean over a value's words hides.
 */
export const CLEAR_READING = 0.98;

/**
 * A reading whose least sure character is at least this sure: no glyph of the value was a close
 * call, which a long word's mean can hide (fitted on the development half: business names so read
 * were right 33 times of 33).
 */
export const CLEAR_GLYPHS = 0.93;

/** The value's group before its reading's clarity is considered. */
function baseGroupOf(s: ValueSignals): string {
  const kind = kindOf(s.concept);
  if (kind === 'amount' && s.arithmetic === 'agrees') return `${kind}:checked`;
  // a text layer is read exactly: its values are another population than OCR'd ones
  if (s.readConf === 1) return `${kind}:digital`;
  // an amount worked out (paid less change, the largest figure) rather than read beside a label
  if (kind === 'amount' && !s.labelled) return `${kind}:derived`;
  // a date beside its label is read from the right place far more often than one found alone
  if (kind === 'date' && s.labelled) return `${kind}:labelled`;
  // a name with a legal form or business word is the issuer's far more often than a line picked
  // by its position alone
  if (kind === 'name' && s.legalForm) return `${kind}:legal`;
  return kind;
}

/**
 * The calibration group of a value: its kind, for amounts whether the arithmetic confirmed it (two
 * independent routes to one figure are right far more often than one), and for OCR'd values
 * other than dates whether every word was read clearly.
 */
export function groupOf(s: ValueSignals): string {
  const base = baseGroupOf(s);
  // one misread glyph makes a figure or a name wrong however well it was found: for OCR'd values
  // the clarity of each word says most. Dates keep one curve: a date must parse as a valid day,
  // month and year, so a misread digit rarely survives as a wrong date.
  if (!clarityCounts(s)) return base;
  const least = s.minReadConf ?? s.readConf;
  const clear =
    (least !== null && least >= CLEAR_READING) ||
    (s.leastGlyph !== undefined && s.leastGlyph !== null && s.leastGlyph >= CLEAR_GLYPHS);
  return clear ? `${base}:clear` : `${base}:doubtful`;
}

/** Whether a value's group depends on how clearly its words were read (OCR'd values but dates). */
function clarityCounts(s: ValueSignals): boolean {
  return kindOf(s.concept) !== 'date' && !/:(checked|digital)$/.test(baseGroupOf(s));
}

/**
 * The groups whose curves speak for a value, most specific first: its group, the group without
 * the reading's clarity, and its kind (except for digital and derived values, which are not OCR'd
 * labelled values, so their kind's curve does not describe them).
 */
export function groupsOf(s: ValueSignals): string[] {
  const group = groupOf(s);
  const base = baseGroupOf(s);
  const kind = kindOf(s.concept);
  const chain = [group, base];
  if (!/:(digital|derived)$/.test(base)) chain.push(kind);
  return [...new Set(chain)];
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

/** Whether a value's words were read doubtfully and its doubtful group has no fitted curve. */
function isBorrowedDoubt(s: ValueSignals): boolean {
  const group = groupOf(s);
  return clarityCounts(s) && group.endsWith(':doubtful') && !CALIBRATION[group];
}

/** The share right of values like this one, from the most specific fitted curve that speaks for it. */
function shareRight(s: ValueSignals): number | null {
  for (const name of groupsOf(s)) {
    const steps = CALIBRATION[name];
    const p = steps ? lookup(steps, s.raw) : null;
    if (p !== null) return p;
  }
  return null;
}

/** The calibrated confidence of a value from its signals. */
export function calibrated(s: ValueSignals): number {
  let p = shareRight(s);
  // a doubtful word never makes a value more trusted than the same value read clearly (a small
  // group's curve can say otherwise by chance)
  if (p !== null && clarityCounts(s) && groupOf(s).endsWith(':doubtful')) {
    const clear = shareRight({
      ...s,
      minReadConf: 1,
      readConf: Math.max(s.readConf ?? 0, 0.99),
      leastGlyph: 1,
    });
    if (clear !== null) p = Math.min(p, clear);
  }
  // without a fitted curve (a field kind the development documents do not have) the raw score stands
  let confidence = p === null ? s.raw : withinStep(confidenceFor(p), s.raw);
  // a value with a doubtful word borrows its kind's curve when the development documents had too
  // few such values for a curve of their own; that curve is mostly values read clearly, so it
  // never makes the doubtful value confident
  if (isBorrowedDoubt(s)) confidence = Math.min(confidence, CONFIDENT - 0.01);
  // a figure the document's own arithmetic contradicts is never shown as confident
  return s.arithmetic === 'contradicts' ? Math.min(confidence, CONFIDENT - 0.01) : confidence;
}
