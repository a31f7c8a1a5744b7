/** Identifiers (invoice, order, PO, customer numbers): the first token with digits after the label, never a money figure or a date. */
import type { FieldDefinition } from '@parser/contracts';
import { phrasesFor, type ConceptId } from '../concepts.js';
import type { Candidate, DocContext } from '../context.js';
import { findLabels, pickFirstBest, valuesFor } from '../labels.js';
import { findDates } from '../parse.js';

export const ID_CONCEPTS = new Set<ConceptId>([
  'invoice_number',
  'po_number',
  'order_number',
  'customer_number',
]);

/** Money printed as money: a currency mark, or thousands and cents ("1.234,56", "99.00"). */
const MONEY =
  /^[-−]?(?:[$€£¥₹]|rm|usd|eur|gbp)\s?\d|^\d{1,3}(?:[.,' ]\d{3})*[.,]\d{2}(?:\s?(?:€|eur|usd))?$/i;

/** Whether a token is a figure or a date rather than an identifier. */
export function isMoneyOrDate(token: string, ctx: DocContext): boolean {
  const t = token.replace(/^[:#.]+|[:,;]+$/g, '');
  if (MONEY.test(t)) return true;
  const d = findDates(t, ctx.order)[0];
  return d !== undefined && d.match.length >= t.length - 1;
}

/** The identifier a labelled value starts with: its first token with a digit. */
function idOf(c: Candidate, ctx: DocContext): Candidate | null {
  const parts = String(c.value)
    .replace(/^(no\.?|nr\.?|n[°º]\.?|number|#|:)\s*/i, '')
    .split(/\s+/);
  const at = parts.findIndex((p) => /\d/.test(p));
  const id = parts[at] ?? '';
  let value = id.replace(/^[:.#]+|[:,.]+$/g, '');
  if (!value || isMoneyOrDate(id, ctx)) return null;
  // a document series printed before the number ("FT A2023/9075", "FA 2024/17"): capitals only,
  // not a label's abbreviation ("NO", "NR", "REF")
  const series = parts[at - 1];
  if (at === 1 && series && /^[A-Z]{1,3}$/.test(series) && !/^(NO|NR|N|REF|ID)$/.test(series))
    value = `${series} ${value}`;
  return { ...c, value, confidence: c.confidence * (parts.length > 2 ? 0.85 : 1) };
}

export function extractId(field: FieldDefinition, ctx: DocContext): Candidate | null {
  const cands = findLabels(ctx.layout, phrasesFor(field, ctx.locales))
    .flatMap((h) => valuesFor(h, field, ctx, (v) => /\d/.test(String(v.value))))
    .filter((c) => typeof c.value === 'string' && /\d/.test(c.value))
    .map((c) => idOf(c, ctx))
    .filter((c): c is Candidate => c !== null);
  return pickFirstBest(cands) ?? null;
}
