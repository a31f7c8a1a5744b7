import type { ReconCheck, ReconReport, ValueRef } from '@parser/contracts';

import type { ExtractionResult } from '../../document.js';
import {
  holds,
  type NumberAt,
  numbersOf,
  type Relation,
  refsOf,
  relationsOf,
} from '../arithmetic.js';
import { readCsv } from '../knowledge/csv-records.js';
import { comparableId, comparableName } from '../knowledge/names.js';
import { numberOf } from '../numbers.js';
import { allRefs, fieldsByRole } from '../roles.js';
import type { AgentDocument, AgentSettings, KnowledgeDocument } from '../types.js';
import { cellAt, cloneValues, fieldRef, refKey, setValueAt, valueAt } from '../value-refs.js';

import { arithmeticChecks } from './arithmetic-checks.js';
import type { ReadingDoubt } from './doubt-types.js';
import { einvoiceChecks } from './einvoice-checks.js';
import { dateChecks, presenceAndTypeChecks } from './field-checks.js';
import { impliedTaxCheck } from './implied-tax.js';
import { takenFromElsewhereDoubt } from './labelled-rows.js';
import { loneMisreadOf } from './lone-misread.js';
import { readingDoubtOf } from './reading-doubts.js';
import { shortLinesBlame } from './short-lines.js';
import { referenceChecks } from './reference-checks.js';
import { statedTotalCheck } from './stated-total.js';
import { taxRateCheck } from './tax-rate.js';
import { totalsTableCheck } from './totals-table-check.js';
import { unconfirmedLinesDoubt } from './unconfirmed-lines.js';

/** Another document of the company that looks like the same one. */
export interface DuplicateCandidate {
  pipeline_id: string;
  original_filename: string;
}

/**
 * The reconciliation agent: checks and reports, changes no value. Arithmetic (with the likely
 * misread named), the total against a totals table's net and gross columns, required fields,
 * types, plausible dates, references against the knowledge CSVs enabled for it, duplicates the
 * caller found by `duplicateKeyOf`, and a PDF's embedded e-invoice XML against its printed page.
 */
export function runReconciliation(
  doc: AgentDocument,
  knowledge: readonly KnowledgeDocument[],
  settings: AgentSettings,
  duplicates: readonly DuplicateCandidate[] = [],
): ReconReport {
  const labels = labelsOf(doc);
  const checks: ReconCheck[] = [
    ...sumChecks(doc, labels),
    ...totalsTableCheck(doc, labels),
    ...presenceAndTypeChecks(doc),
    ...dateChecks(doc, settings),
    ...referenceChecks(
      doc,
      knowledge.filter((k) => k.kind === 'csv').flatMap((k) => readCsv(k) ?? []),
    ),
    ...duplicateChecks(doc, duplicates),
    ...einvoiceChecks(doc),
  ];
  // Failures first, so the summary at the top of the review screen leads with them.
  const rank = { fail: 0, warn: 1, pass: 2 } as const;
  checks.sort((a, b) => rank[a.status] - rank[b.status]);
  return {
    ran_at: new Date().toISOString(),
    summary: {
      pass: checks.filter((c) => c.status === 'pass').length,
      warn: checks.filter((c) => c.status === 'warn').length,
      fail: checks.filter((c) => c.status === 'fail').length,
    },
    checks,
  };
}

/**
 * The arithmetic checks. A failed sum is a warning when the reading gives reason to doubt it: a
 * figure read wrong that the page shows otherwise, one figure alone disagreeing and read unsurely,
 * a subtotal, tax or total none of its labelled rows prints, or item lines nothing confirms read
 * unclearly against a confirmed closing figure. A failed sum of the lines whose subtotal, tax and
 * total agree among themselves blames the lines alone. A failed check of the total gives way to
 * the document's own statement of it when its rows (discount, service charge, rounding, nets per
 * tax rate, a tax summary) make the total: that is the receipt's arithmetic, not a misread.
 */
function sumChecks(doc: AgentDocument, labels: (ref: ValueRef) => string): ReconCheck[] {
  const roles = fieldsByRole(doc.fields);
  const at = numbersOf(doc.values);
  const relations = relationsOf(doc.fields, doc.tables, doc.values, doc.text);
  const totalRef = roles.total === undefined ? null : fieldRef(roles.total);
  // The one figure the sums disagree with, when the total is confirmed and it was read unsurely.
  const lone = loneMisreadOf(doc, relations, at, totalRef, labels);
  // Asked twice of each failed sum (for the figures as shown, then for its check): worked out once.
  const doubts = new Map<Relation, ReadingDoubt | null>();
  const figureDoubt = (relation: Relation) => {
    if (doubts.has(relation)) return doubts.get(relation) ?? null;
    const doubt =
      readingDoubtOf(doc, relation, at, labels) ??
      (lone && refsOf(relation).some((ref) => refKey(ref) === refKey(lone.suspect.ref))
        ? lone
        : null);
    doubts.set(relation, doubt);
    return doubt;
  };
  // The figures as the page shows them where a doubt names what a misread one should read: a
  // subtotal or total so corrected may still confirm what the lines were summed to.
  const named = new Map<string, number>();
  for (const relation of relations) {
    const suspect = holds(relation, at) === false ? figureDoubt(relation)?.suspect : undefined;
    // the first doubt naming a figure says what it should read
    if (suspect && !named.has(refKey(suspect.ref)))
      named.set(refKey(suspect.ref), suspect.expected);
  }
  const asShown: NumberAt = (ref) => named.get(refKey(ref)) ?? at(ref);
  // A figure a person entered is not a reading to doubt: a sum it breaks fails, since the values
  // as they stand do not add up (the checks run again on every saved review).
  const entered = new Set(doc.locked.map(refKey));
  const aReading = (doubt: ReadingDoubt | null) =>
    doubt?.suspect && entered.has(refKey(doubt.suspect.ref)) ? null : doubt;
  const checks = [
    ...arithmeticChecks(relations, at, {
      labels,
      confidence: (ref) => cellAt(doc.values, ref)?.confidence ?? 1,
      roles,
      doubtOf: (relation) =>
        aReading(figureDoubt(relation)) ??
        takenFromElsewhereDoubt(
          doc,
          refsOf(relation).filter((ref) => !entered.has(refKey(ref))),
          at,
          labels,
        ) ??
        aReading(unconfirmedLinesDoubt(doc, relation, relations, at, asShown, labels)),
      blameOf: (relation) => shortLinesBlame(doc, relation, relations, at),
    }),
    ...impliedTaxCheck(doc, labels),
    ...taxRateCheck(doc, labels),
  ];
  const totalKey = totalRef === null ? null : refKey(totalRef);
  // A sum on the total that the document's own rows make passes, failed or doubted as read.
  const failsOnTotal = (check: ReconCheck) =>
    check.kind === 'arithmetic' &&
    check.status !== 'pass' &&
    check.fields.some((ref) => refKey(ref) === totalKey);
  if (totalKey === null || !checks.some(failsOnTotal)) return checks;
  const stated = statedTotalCheck(doc);
  return stated ? [...checks.filter((check) => !failsOnTotal(check)), stated] : checks;
}

/** Each place's label in words ("Line Items row 2 Amount"), for messages. */
function labelsOf(doc: AgentDocument): (ref: ValueRef) => string {
  const byKey = new Map(allRefs(doc).map((entry) => [refKey(entry.ref), entry.label]));
  return (ref) => byKey.get(refKey(ref)) ?? ref.field ?? ref.column ?? 'a value';
}

function duplicateChecks(
  doc: AgentDocument,
  duplicates: readonly DuplicateCandidate[],
): ReconCheck[] {
  const key = duplicateKeyOf(doc);
  if (!key) return [];
  const roles = fieldsByRole(doc.fields);
  const fields = [roles.vendor, roles.invoice_number ?? roles.issue_date, roles.total]
    .filter((k): k is string => k !== undefined)
    .map(fieldRef);
  if (duplicates.length === 0) {
    return [{ kind: 'duplicate', status: 'pass', message: 'No other document matches', fields }];
  }
  return duplicates.map((other) => ({
    kind: 'duplicate' as const,
    status: 'fail' as const,
    message: `Possible duplicate of ${other.original_filename}`,
    fields,
    duplicate_of: other,
  }));
}

/**
 * What makes two documents the same one: vendor and invoice number; for receipts (no invoice
 * number) merchant, date and total. Null when the document lacks them.
 */
export function duplicateKeyOf(doc: Pick<AgentDocument, 'fields' | 'values'>): string | null {
  const roles = fieldsByRole(doc.fields);
  const text = (key: string | undefined) => {
    if (key === undefined) return '';
    const value = valueAt(doc.values, fieldRef(key));
    return value === null ? '' : String(value).trim();
  };
  const vendor = comparableName(text(roles.vendor));
  if (!vendor) return null;
  const number = comparableId(text(roles.invoice_number));
  if (number) return `invoice:${vendor}|${number}`;
  const date = text(roles.issue_date);
  const total =
    roles.total === undefined ? null : numberOf(valueAt(doc.values, fieldRef(roles.total)));
  if (!date || total === null) return null;
  return `receipt:${vendor}|${date}|${total.toFixed(2)}`;
}

/** Confidence a value confirmed by arithmetic may reach. */
const CONFIRMED = 0.95;
/** Below the 0.8 band: a green badge never sits on a number the arithmetic contradicts. */
const CONTRADICTED = 0.75;

/**
 * The engine's confidence brought in line with the report: values in a failed check, or in a sum
 * the reading gives reason to doubt, drop below 0.8, values confirmed by a passing arithmetic check (and failing none) rise.
 */
export function adjustConfidence(values: ExtractionResult, report: ReconReport): ExtractionResult {
  const out = cloneValues(values);
  const failed = new Set<string>();
  // Each blamed place as the report first names it, looked up by key.
  const refs = new Map<string, ValueRef>();
  for (const check of report.checks) {
    for (const ref of [...check.fields, ...(check.suspect ? [check.suspect] : [])]) {
      if (!refs.has(refKey(ref))) refs.set(refKey(ref), ref);
    }
  }
  for (const check of report.checks) {
    // A sum doubted as read is a warning, but its values are as unsure as a failed sum's.
    const doubtedSum = check.status === 'warn' && check.kind === 'arithmetic';
    if (
      (check.status !== 'fail' && !doubtedSum) ||
      check.kind === 'duplicate' ||
      check.kind === 'reference'
    )
      continue;
    // A failed sum with a named suspect blames that value; without one, all of its values.
    const blamed = check.suspect ? [check.suspect] : check.fields;
    for (const ref of blamed) failed.add(refKey(ref));
  }
  for (const check of report.checks) {
    if (check.kind !== 'arithmetic' || check.status !== 'pass') continue;
    for (const ref of check.fields) {
      const cell = cellAt(out, ref);
      // Only a value read on the page is confirmed by a sum; a derived one agrees by construction.
      if (!cell?.source || failed.has(refKey(ref))) continue;
      if (cell.confidence < CONFIRMED) setValueAt(out, ref, { confidence: CONFIRMED });
    }
  }
  for (const key of failed) {
    const ref = refs.get(key);
    const cell = ref ? cellAt(out, ref) : undefined;
    if (ref && cell && cell.confidence >= CONTRADICTED)
      setValueAt(out, ref, { confidence: CONTRADICTED });
  }
  return out;
}
