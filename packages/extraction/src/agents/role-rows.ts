import { blockersOf, labelsFor, LOCALES } from '../extract/locales/index.js';
import { labelPattern } from './printed-rows.js';
import type { FieldRole } from './roles.js';

type SumRole = 'subtotal' | 'tax' | 'total';

const ROLE_LABELS: Record<SumRole, { label: string; pattern: RegExp }[]> = {
  subtotal: labelsFor('subtotal').map((label) => ({ label, pattern: labelPattern(label) })),
  tax: labelsFor('tax').map((label) => ({ label, pattern: labelPattern(label) })),
  total: labelsFor('total').map((label) => ({ label, pattern: labelPattern(label) })),
};

// Labels that hold a role's word but mean something else ("Total Qty" for a total).
const BLOCKERS = blockersOf().map((label) => ({ label, pattern: labelPattern(label) }));

const TAX_BASE_WORDS = [...new Set(LOCALES.flatMap((p) => p.taxBaseWords ?? []))];

const baseWordsOf = (label: string) =>
  label
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w && TAX_BASE_WORDS.some((s) => w.startsWith(s)));

/**
 * Whether a label states the amount a tax is included in or excluded from ("Total (Inclusive of
 * GST)", "Total 6% supplies (excl. GST)"), as the engine reads such rows: a gross or a net.
 */
export const namesTaxBase = (label: string): boolean => baseWordsOf(label).length > 0;

// The tax-base words that make the amount a net: "excl.", "exkl.", "netto", "hors taxes".
const isNetWord = (word: string) => word.startsWith('ex') || word === 'netto' || word === 'hors';

const isRole = (role: FieldRole): role is SumRole =>
  role === 'subtotal' || role === 'tax' || role === 'total';

/** The role's labels a printed label holds. */
const matchesOf = (label: string, role: SumRole) =>
  ROLE_LABELS[role].filter(({ pattern }) => pattern.test(label)).map((m) => m.label.toLowerCase());

/**
 * Whether a printed row's label names a role, and not a more particular one ("Sub Total"). A
 * blocker that is part of the role's own label on the row ("Total Excluding" in "Total Excluding
 * GST") does not block it. A tax word in a row that states a gross or a net is not the tax: such a
 * row is never the tax, and a total it names is the total ("Total (Inclusive of GST)").
 */
export function namesRole(label: string, role: FieldRole): boolean {
  if (!isRole(role)) return false;
  const own = matchesOf(label, role);
  if (own.length === 0) return false;
  const blocked = BLOCKERS.some(
    (b) => b.pattern.test(label) && !own.some((l) => l.includes(b.label.toLowerCase())),
  );
  if (blocked) return false;
  const base = baseWordsOf(label);
  if (role === 'tax') return base.length === 0;
  if (role === 'subtotal') return true;
  if (matchesOf(label, 'subtotal').length > 0 || base.some(isNetWord)) return false;
  return base.length > 0 || matchesOf(label, 'tax').length === 0;
}

/**
 * Whether a row states a tax already included in the prices ("GST 6% Included", "Incl. MwSt. 19%",
 * "waarvan BTW 9%"): a tax word and an inclusion word, and no total or subtotal named beside them
 * (which would make the row the gross it is included in, "Total incl. GST").
 */
export function namesIncludedTax(label: string): boolean {
  return (
    matchesOf(label, 'tax').length > 0 &&
    baseWordsOf(label).some((word) => !isNetWord(word)) &&
    matchesOf(label, 'total').length === 0 &&
    matchesOf(label, 'subtotal').length === 0
  );
}
