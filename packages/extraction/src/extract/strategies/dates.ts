/** Dates: the labelled document date, else the date printed beside a time, else the first plausible one. */
import type { FieldDefinition } from '@parser/contracts';
import { phrasesFor, type ConceptId } from '../concepts.js';
import { avgConf, ocrFactor, type Candidate, type DocContext } from '../context.js';
import { findLabels, pickFirstBest, valuesFor } from '../labels.js';
import { unionBox } from '../layout.js';
import { parseTyped } from '../typed.js';

/**
 * A document's own date (issue, purchase) lies in the past or very near future; a "date" further ahead
 * is an OCR misreading or a different kind of number ("11-22 - 30" in an item code).
 */
export function isPlausibleDocumentDate(iso: string, now: Date = new Date()): boolean {
  const year = Number(iso.slice(0, 4));
  return year >= 1980 && year <= now.getUTCFullYear() + 1;
}

const TIME = /\b([01]?\d|2[0-3])[:.][0-5]\d(?:[:.][0-5]\d)?\s*(?:am|pm)?\b/i;

/**
 * The date printed without a label: on receipts the purchase date sits beside its time, so a date
 * with a time on its row is preferred; otherwise the first plausible date of the document.
 */
export function unlabelledDate(ctx: DocContext): Candidate | null {
  let first: Candidate | null = null;
  for (const row of ctx.layout.rows) {
    const t = parseTyped(row.words, 'date', ctx);
    if (!t || typeof t.value !== 'string' || !isPlausibleDocumentDate(t.value)) continue;
    const rest = row.words.filter((w) => !t.toks.includes(w));
    const withTime = TIME.test(rest.map((w) => w.text).join(' '));
    const cand: Candidate = {
      value: t.value,
      box: unionBox(t.toks.map((x) => x.box)),
      page: row.page,
      confidence: (withTime ? 0.75 : 0.65) * t.quality * ocrFactor(t.toks),
      order: row.index,
      where: 'fallback',
      readConf: avgConf(t.toks),
    };
    if (withTime) return cand;
    first ??= cand;
  }
  return first;
}

/** Candidates for a date field from its labels, implausible dates dropped. */
function labelledDates(field: FieldDefinition, ctx: DocContext): Candidate[] {
  return findLabels(ctx.layout, phrasesFor(field, ctx.locales))
    .flatMap((h) => valuesFor(h, field, ctx))
    .filter((c) => typeof c.value !== 'string' || isPlausibleDocumentDate(c.value));
}

const DUE: FieldDefinition = { key: 'due_date', label: 'Due Date', type: 'date' };
const ISSUED: FieldDefinition = { key: 'invoice_date', label: 'Invoice Date', type: 'date' };

/**
 * The document's date order, checked by plausibility: when its numeric dates could be read either
 * way and the issue date would fall after the due date, the other order is the document's.
 */
export function plausibleOrder(ctx: DocContext): DocContext {
  let checked = checkedOrders.get(ctx);
  if (!checked) {
    checked = checkOrder(ctx);
    checkedOrders.set(ctx, checked);
  }
  return checked;
}

/** The order each document's context was checked to have: every date field of a type asks. */
const checkedOrders = new WeakMap<DocContext, DocContext>();

/** A numeric date whose day and month could be read either way (both 12 or less). */
const EITHER_WAY = /(?<!\d)(0?[1-9]|1[0-2])\s?[-/.]\s?(0?[1-9]|1[0-2])\s?[-/.]\s?\d{2}/;

function checkOrder(ctx: DocContext): DocContext {
  // without a date that reads both ways, either order gives the same dates
  if (!ctx.layout.rows.some((row) => EITHER_WAY.test(row.text))) return ctx;
  const issued = pickFirstBest(labelledDates(ISSUED, ctx));
  const due = pickFirstBest(labelledDates(DUE, ctx));
  if (!issued || !due || typeof issued.value !== 'string' || typeof due.value !== 'string')
    return ctx;
  if (issued.value <= due.value) return ctx;
  const other: DocContext = { ...ctx, order: ctx.order === 'dmy' ? 'mdy' : 'dmy' };
  const i2 = pickFirstBest(labelledDates(ISSUED, other));
  const d2 = pickFirstBest(labelledDates(DUE, other));
  return typeof i2?.value === 'string' && typeof d2?.value === 'string' && i2.value <= d2.value
    ? other
    : ctx;
}

/** A date field: its labelled value, else (for a document's own date) the unlabelled date. */
export function extractDate(
  field: FieldDefinition,
  concept: ConceptId | null,
  ctx: DocContext,
): Candidate | null {
  const best = pickFirstBest(labelledDates(field, ctx));
  if (best) return best;
  if (concept === 'date' || concept === null) return unlabelledDate(ctx);
  return null;
}
